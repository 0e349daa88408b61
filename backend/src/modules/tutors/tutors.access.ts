import type { Access } from '../../common/access.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import type { TutorProfileRow } from './tutors.schema.js';

/**
 * Who may become a tutor (docs/architecture.md "Guards, access policies and admin slices"). The tutor's own profile routes
 * need no policy: they read and write the caller's profile only (`user.id`), behind `@Roles('tutor')`.
 */

/**
 * Onboarding (`POST /tutor/update-info`, no role guard: a student adds a tutor profile to the same account): never
 * an admin (403, a separate role), and once (409): a profile submitted or approved changes through the profile
 * routes and their approval rules instead. Asked before the upload is read and again inside the transaction.
 */
export function canSubmitOnboarding(
  user: Pick<AuthenticatedUser, 'role'>,
  profile: Pick<TutorProfileRow, 'onboardingSubmittedAt' | 'approved'> | undefined,
): Access<'admin' | 'already-submitted'> {
  if (user.role === 'admin') return 'admin';
  return profile && (profile.onboardingSubmittedAt !== null || profile.approved) ? 'already-submitted' : 'allowed';
}
