import type { Role } from '../decorators/roles.decorator.js';

/** What the JWT guard puts on the request after re-checking the user and the session in the database. */
export interface AuthenticatedUser {
  id: string;
  sessionId: string;
  name: string;
  email: string;
  phone: string | null;
  role: Role;
  emailVerified: boolean;
  onboardingCompleted: boolean;
  twoFactorEnabled: boolean;
  hasStudentProfile: boolean;
  hasTutorProfile: boolean;
}

/** A user with a tutor profile counts as a tutor, with a student profile as a student; admin never switches. */
export function holdsRole(user: Pick<AuthenticatedUser, 'role' | 'hasStudentProfile' | 'hasTutorProfile'>, role: Role): boolean {
  if (user.role === 'admin' || role === 'admin') return user.role === role;
  if (role === 'student') return user.role === 'student' || user.hasStudentProfile;
  return user.role === 'tutor' || user.hasTutorProfile;
}
