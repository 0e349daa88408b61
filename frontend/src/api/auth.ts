/**
 * The auth calls, typed by the generated `schema.d.ts`. Here rather than in a feature
 * because several use them: the auth pages, the layouts' Logout, the start-up profile check and the
 * profile pages' two-factor switch.
 */
import { api, unwrap, type Schema } from './client';

/** The user as the API returns it (`UserDto`). */
export type AuthUser = Schema<'UserDto'>;
export type RegisterPayload = Schema<'RegisterDto'>;

export const authApi = {
  register: (body: RegisterPayload) => unwrap(api.POST('/api/auth/register', { body })),
  verifyEmail: (email: string, emailVerificationCode: string) =>
    unwrap(api.POST('/api/auth/verifyEmail', { body: { email, emailVerificationCode } })),
  resendCode: (email: string) => unwrap(api.POST('/api/auth/resendCode', { body: { email } })),
  login: (email: string, password: string) => unwrap(api.POST('/api/auth/login', { body: { email, password } })),
  verify2FA: (userId: string, twoFAToken: string) => unwrap(api.POST('/api/auth/verify2FA', { body: { userId, twoFAToken } })),
  resend2FA: (email: string) => unwrap(api.POST('/api/auth/resend2FA', { body: { email } })),
  requestPasswordReset: (email: string) => unwrap(api.POST('/api/auth/requestPasswordReset', { body: { email } })),
  resetPassword: (resetToken: string, newPassword: string) =>
    unwrap(api.POST('/api/auth/resetPassword', { body: { resetToken, newPassword } })),
  /** With `token`, asks as that token's user (the direct sign-in link) rather than the stored session's. */
  me: (token?: string) =>
    unwrap(api.GET('/api/auth/me', token ? { headers: { Authorization: `Bearer ${token}` } } : {})),
  checkProfiles: () => unwrap(api.GET('/api/auth/checkProfiles')),
  logout: () => unwrap(api.POST('/api/auth/logout')),
  /** Ends every session of the account (this one too) and closes their chat sockets on every device. */
  logoutEverywhere: () => unwrap(api.POST('/api/auth/logoutEverywhere')),
  /** Turning it off needs the current password. */
  setTwoFactor: (enabled: boolean, password?: string) =>
    unwrap(api.PUT('/api/auth/two-factor', { body: enabled ? { enabled } : { enabled, password } })),
  /** Whose one-time sign-in link this is ("Continue as …?"), without using it up. */
  previewSignInLink: (signInCode: string) => unwrap(api.POST('/api/auth/signInLink/preview', { body: { signInCode } })),
  exchangeSignInLink: (signInCode: string) => unwrap(api.POST('/api/auth/signInLink/exchange', { body: { signInCode } })),
};
