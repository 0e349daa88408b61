/**
 * The auth calls (spec part 1 §7) and the sign-in sequence: store the session, then check the
 * profiles (`GET /auth/checkProfiles`); a failed check clears everything and rethrows (part 1 §4).
 */
import { apiGet, apiPost, apiPut } from '../../api/client';
import type { ProfileFlags, Role, SessionUser, SignInInput } from './session';

export interface AuthUser extends SessionUser {
  emailVerified?: boolean;
  twoFactorEnabled?: boolean;
}

export interface TokenResponse {
  token: string;
  user: AuthUser;
}

export interface MessageResponse {
  message: string;
}

export type LoginResponse =
  | (Partial<TokenResponse> & { twoFactorRequired?: false; message?: string })
  | { twoFactorRequired: true; userId: string; message?: string; token?: undefined; user?: undefined };

export interface RegisterPayload {
  name: string;
  email: string;
  password: string;
  role: Exclude<Role, 'admin'>;
  phone: string;
}

export const authApi = {
  register: (payload: RegisterPayload) => apiPost<{ message: string; email: string }>('/auth/register', payload),
  verifyEmail: (email: string, emailVerificationCode: string) =>
    apiPost<Partial<TokenResponse> & { message?: string }>('/auth/verifyEmail', { email, emailVerificationCode }),
  resendCode: (email: string) => apiPost<Partial<TokenResponse> & { message?: string }>('/auth/resendCode', { email }),
  login: (email: string, password: string) => apiPost<LoginResponse>('/auth/login', { email, password }),
  verify2FA: (userId: string, twoFAToken: string) =>
    apiPost<Partial<TokenResponse> & { message?: string }>('/auth/verify2FA', { userId, twoFAToken }),
  resend2FA: (email: string) => apiPost<MessageResponse>('/auth/resend2FA', { email }),
  requestPasswordReset: (email: string) => apiPost<MessageResponse>('/auth/requestPasswordReset', { email }),
  resetPassword: (resetToken: string, newPassword: string) =>
    apiPost<MessageResponse>('/auth/resetPassword', { resetToken, newPassword }),
  me: (token?: string) =>
    apiGet<{ user: AuthUser }>('/auth/me', token ? { headers: { Authorization: `Bearer ${token}` } } : undefined),
  checkProfiles: () => apiGet<ProfileFlags>('/auth/checkProfiles'),
  logout: () => apiPost<void>('/auth/logout'),
  setTwoFactor: (enabled: boolean) => apiPut<{ user: AuthUser }>('/auth/two-factor', { enabled }),
};

interface SessionActions {
  signIn: (input: SignInInput) => unknown;
  signOut: () => void;
  updateUser: (patch: Partial<SessionUser>) => void;
}

/**
 * Stores token and user, then merges the profile flags into the stored user. If the profile check
 * fails the session is cleared and the error rethrown. Returns the user with its flags.
 */
export async function completeSignIn(actions: SessionActions, token: string, user: AuthUser): Promise<AuthUser> {
  actions.signIn({ token, user });
  try {
    const flags = await authApi.checkProfiles();
    const profiles = { student: flags?.student === true, tutor: flags?.tutor === true };
    actions.updateUser({ profiles });
    return { ...user, profiles };
  } catch (error) {
    actions.signOut();
    throw error;
  }
}
