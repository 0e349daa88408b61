import type { TwoFactorPolicy } from '../../config/env.schema.js';
import type { UserRow } from '../users/users.service.js';

/**
 * Whether signing in needs the emailed second factor: the user's own choice under `optional`; always for
 * admins and tutors under `staff`; always for everyone under `required`.
 */
export function requiresTwoFactor(user: Pick<UserRow, 'role' | 'twoFactorEnabled'>, policy: TwoFactorPolicy): boolean {
  if (policy === 'required') return true;
  if (policy === 'staff' && (user.role === 'admin' || user.role === 'tutor')) return true;
  return user.twoFactorEnabled;
}

/** Whether the policy, not the user, demands the second factor (so the user may not turn it off). */
export function policyDemandsTwoFactor(user: Pick<UserRow, 'role'>, policy: TwoFactorPolicy): boolean {
  return requiresTwoFactor({ role: user.role, twoFactorEnabled: false }, policy);
}
