/**
 * The stored session without React: what is kept in localStorage (`token`, `user`, `currentRole`),
 * the role rules and the route-guard decision. Pure (storage is passed in), so it
 * is unit-tested directly, and free of any framework, so the sign-in islands (features/auth/islands, plain
 * TypeScript on the prerendered sign-in pages) keep the session exactly as the app does. lib/session.ts adds the
 * React context and re-exports all of this.
 */
import type { components } from '../api/schema';

// ---------------------------------------------------------------------------------------------
// Types and storage keys
// ---------------------------------------------------------------------------------------------

export const ROLES = ['student', 'tutor', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a user can switch between in the dashboard header (admin cannot switch). */
export type SwitchableRole = Exclude<Role, 'admin'>;

export const SESSION_KEYS = { token: 'token', user: 'user', currentRole: 'currentRole' } as const;

/**
 * Keys other features keep for the signed-in user (the payments feature's round-trip keys), removed at
 * logout. The app root adds them (`App.tsx`), since lib/ cannot import a feature.
 */
export const SIGN_OUT_KEYS: string[] = [];

/** Fired on `window` whenever this tab changes the stored session. */
export const SESSION_CHANGED_EVENT = 'redpen:session-changed';

/** Response of `GET /auth/checkProfiles`. */
export type ProfileFlags = components['schemas']['ProfilesDto'];

/** The stored user: the API's `UserDto` (fields may be missing in an older copy) plus the profile flags. */
export type SessionUser = Partial<Omit<components['schemas']['UserDto'], 'role' | 'onboardingCompleted'>> & {
  role: Role;
  onboardingCompleted: boolean;
  /** Profile flags from `GET /auth/checkProfiles`, merged into the stored user after login. */
  profiles?: Partial<ProfileFlags>;
};

export interface Session {
  token: string;
  user: SessionUser;
  /** The role the dashboard is showing; always one the user can act as. */
  currentRole: Role;
}

/** The subset of `Storage` the session needs (lets tests pass a Map-backed fake). */
export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** `window.localStorage`, or null where it is unavailable (SSR, privacy modes that throw). */
export function browserStorage(): SessionStorage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Token claims
// ---------------------------------------------------------------------------------------------

export interface TokenClaims {
  userId?: string;
  role?: string;
  onboardingCompleted?: boolean;
  exp?: number;
  [claim: string]: unknown;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads a JWT's payload without verifying it (the server verifies). Null when malformed. */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return claims && typeof claims === 'object' ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** True only when the token carries an `exp` claim that has passed. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const exp = decodeTokenClaims(token)?.exp;
  return typeof exp === 'number' && exp * 1000 <= now;
}

// ---------------------------------------------------------------------------------------------
// Role rules
// ---------------------------------------------------------------------------------------------

export function isAdmin(user: SessionUser | null | undefined): boolean {
  return user?.role === 'admin';
}

/** isStudent when role is student or the student-profile flag is set. */
export function isStudent(user: SessionUser | null | undefined): boolean {
  return !!user && (user.role === 'student' || user.profiles?.student === true);
}

/** isTutor when role is tutor or the tutor-profile flag is set. */
export function isTutor(user: SessionUser | null | undefined): boolean {
  return !!user && (user.role === 'tutor' || user.profiles?.tutor === true);
}

export function canActAs(user: SessionUser | null | undefined, role: Role): boolean {
  if (role === 'admin') return isAdmin(user);
  // An admin keeps the admin layout and cannot switch.
  if (isAdmin(user)) return false;
  return role === 'student' ? isStudent(user) : isTutor(user);
}

/** A tutor-role user who has not finished onboarding is always sent there. */
export function needsOnboarding(user: SessionUser | null | undefined): boolean {
  return !!user && user.role === 'tutor' && !user.onboardingCompleted;
}

/** currentRole defaults to the user's role unless the saved role is valid for the user's profiles. */
export function resolveCurrentRole(user: SessionUser, saved: string | null | undefined): Role {
  if (isRole(saved) && canActAs(user, saved)) return saved;
  return user.role;
}

export function dashboardPath(role: Role): `/${Role}/dashboard` {
  return `/${role}/dashboard`;
}

/** Where a user lands after signing in (the dashboard of their role, or onboarding first). */
export function postLoginPath(user: SessionUser): string {
  return needsOnboarding(user) ? '/tutor-onboarding' : dashboardPath(user.role);
}

// ---------------------------------------------------------------------------------------------
// Route-guard decision (the dashboard layouts)
// ---------------------------------------------------------------------------------------------

/** What a route group asks for: one role, or just a signed-in user (/tutor-onboarding). */
export type AccessRequirement = Role | 'signedIn';

export type AccessDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: '/login'; reason: 'unauthenticated' }
  | { type: 'redirect'; to: '/'; reason: 'forbidden' }
  | { type: 'redirect'; to: '/tutor-onboarding'; reason: 'onboarding' };

/**
 * - not signed in → `/login` (the guard adds a `redirect` search param);
 * - signed in without access to the group's role → `/`;
 * - a tutor-role user who has not completed onboarding → `/tutor-onboarding` (student and tutor groups).
 */
export function decideAccess(session: Session | null, requirement: AccessRequirement): AccessDecision {
  if (!session) return { type: 'redirect', to: '/login', reason: 'unauthenticated' };
  if (requirement === 'signedIn') return { type: 'allow' };
  if (!canActAs(session.user, requirement)) return { type: 'redirect', to: '/', reason: 'forbidden' };
  if (requirement !== 'admin' && needsOnboarding(session.user)) {
    return { type: 'redirect', to: '/tutor-onboarding', reason: 'onboarding' };
  }
  return { type: 'allow' };
}

// ---------------------------------------------------------------------------------------------
// Reading and writing the stored session
// ---------------------------------------------------------------------------------------------

function normaliseUser(raw: unknown): SessionUser | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const record = raw as Record<string, unknown>;
  const profiles = record.profiles && typeof record.profiles === 'object' ? (record.profiles as Partial<ProfileFlags>) : undefined;
  return {
    ...(record as Partial<SessionUser>),
    // Token claims default: role student, onboardingCompleted false.
    role: isRole(record.role) ? record.role : 'student',
    onboardingCompleted: record.onboardingCompleted === true,
    ...(profiles ? { profiles } : {}),
  };
}

export function parseStoredUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    return normaliseUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

function userFromClaims(token: string): SessionUser | null {
  const claims = decodeTokenClaims(token);
  if (!claims || typeof claims.userId !== 'string') return null;
  return normaliseUser({ _id: claims.userId, role: claims.role, onboardingCompleted: claims.onboardingCompleted });
}

/**
 * The current session, or null when signed out. A stored user wins over token claims; a token whose
 * `exp` has passed counts as signed out (the server would answer 401 anyway).
 */
export function readSession(storage: SessionStorage | null = browserStorage(), now: number = Date.now()): Session | null {
  if (!storage) return null;
  const token = storage.getItem(SESSION_KEYS.token);
  if (!token || isTokenExpired(token, now)) return null;
  const user = parseStoredUser(storage.getItem(SESSION_KEYS.user)) ?? userFromClaims(token);
  if (!user) return null;
  return { token, user, currentRole: resolveCurrentRole(user, storage.getItem(SESSION_KEYS.currentRole)) };
}

export function readToken(storage: SessionStorage | null = browserStorage()): string | null {
  return storage?.getItem(SESSION_KEYS.token) ?? null;
}

function notifySessionChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

export interface SignInInput {
  token: string;
  user: unknown;
  currentRole?: Role | null;
}

/** Stores token, user and currentRole (after login, verify-email or a direct token sign-in). */
export function writeSession(input: SignInInput, storage: SessionStorage | null = browserStorage()): Session {
  const user = normaliseUser(input.user);
  if (!user) throw new TypeError('writeSession: user must be an object');
  const currentRole = resolveCurrentRole(user, input.currentRole ?? storage?.getItem(SESSION_KEYS.currentRole));
  if (storage) {
    storage.setItem(SESSION_KEYS.token, input.token);
    storage.setItem(SESSION_KEYS.user, JSON.stringify(user));
    storage.setItem(SESSION_KEYS.currentRole, currentRole);
    notifySessionChanged();
  }
  return { token: input.token, user, currentRole };
}

/** Merges fields into the stored user (e.g. `onboardingCompleted: true`, `profiles` after checkProfiles). */
export function updateStoredUser(
  patch: Partial<SessionUser>,
  storage: SessionStorage | null = browserStorage(),
): SessionUser | null {
  const current = parseStoredUser(storage?.getItem(SESSION_KEYS.user) ?? null);
  if (!storage || !current) return null;
  const next = normaliseUser({
    ...current,
    ...patch,
    profiles: patch.profiles ? { ...current.profiles, ...patch.profiles } : current.profiles,
  });
  if (!next) return null;
  storage.setItem(SESSION_KEYS.user, JSON.stringify(next));
  notifySessionChanged();
  return next;
}

/** Stores the dashboard role; ignored unless the stored user can act as it. Returns the role in effect. */
export function writeCurrentRole(role: Role, storage: SessionStorage | null = browserStorage()): Role | null {
  const session = readSession(storage);
  if (!storage || !session) return null;
  const next = resolveCurrentRole(session.user, role);
  if (storage.getItem(SESSION_KEYS.currentRole) !== next) {
    storage.setItem(SESSION_KEYS.currentRole, next);
    notifySessionChanged();
  }
  return next;
}

/** Removes token, user and currentRole (what a 401 does). */
export function clearSession(storage: SessionStorage | null = browserStorage()): void {
  if (!storage) return;
  const hadSession = Object.values(SESSION_KEYS).some((key) => storage.getItem(key) !== null);
  for (const key of Object.values(SESSION_KEYS)) storage.removeItem(key);
  if (hadSession) notifySessionChanged();
}

/** Logout: the session plus `SIGN_OUT_KEYS` (the payment round trip). */
export function signOutStorage(storage: SessionStorage | null = browserStorage()): void {
  if (!storage) return;
  for (const key of SIGN_OUT_KEYS) storage.removeItem(key);
  clearSession(storage);
}
