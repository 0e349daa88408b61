import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { requireAccess, validateLoginSearch } from './guards';
import {
  SESSION_KEYS,
  canActAs,
  clearSession,
  decideAccess,
  decodeTokenClaims,
  isStudent,
  isTutor,
  needsOnboarding,
  postLoginPath,
  readSession,
  resolveCurrentRole,
  signOutStorage,
  updateStoredUser,
  writeCurrentRole,
  writeSession,
  type AccessRequirement,
  type Session,
  type SessionStorage,
  type SessionUser,
  SIGN_OUT_KEYS,
} from '../../lib/session';
import { completeSignIn } from './sign-in';

function memoryStorage(initial: Record<string, string> = {}): SessionStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
  };
}

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

const student: SessionUser = { _id: 's1', name: 'Sam', role: 'student', onboardingCompleted: false };
const tutor: SessionUser = { _id: 't1', name: 'Tia', role: 'tutor', onboardingCompleted: true };
const newTutor: SessionUser = { _id: 't2', name: 'Ned', role: 'tutor', onboardingCompleted: false };
const admin: SessionUser = { _id: 'a1', name: 'Ada', role: 'admin', onboardingCompleted: true };
const dualStudent: SessionUser = { ...student, _id: 's2', profiles: { student: true, tutor: true } };
const dualTutor: SessionUser = { ...tutor, _id: 't3', profiles: { student: true, tutor: true } };

const session = (user: SessionUser, currentRole = user.role): Session => ({ token: 'tkn', user, currentRole });

describe('role rules', () => {
  it('isStudent / isTutor follow the role or the profile flags', () => {
    expect(isStudent(student)).toBe(true);
    expect(isTutor(student)).toBe(false);
    expect(isTutor(tutor)).toBe(true);
    expect(isStudent(tutor)).toBe(false);
    expect(isStudent(dualTutor)).toBe(true);
    expect(isTutor(dualStudent)).toBe(true);
    expect(isStudent(null)).toBe(false);
  });

  it('admin can only act as admin', () => {
    expect(canActAs(admin, 'admin')).toBe(true);
    expect(canActAs(admin, 'student')).toBe(false);
    expect(canActAs({ ...admin, profiles: { student: true, tutor: true } }, 'tutor')).toBe(false);
    expect(canActAs(student, 'admin')).toBe(false);
  });

  it('only a tutor-role user without onboarding needs onboarding', () => {
    expect(needsOnboarding(newTutor)).toBe(true);
    expect(needsOnboarding(tutor)).toBe(false);
    expect(needsOnboarding(student)).toBe(false);
  });

  it('currentRole defaults to the user role unless the saved role is valid for the profiles', () => {
    expect(resolveCurrentRole(student, null)).toBe('student');
    expect(resolveCurrentRole(student, 'tutor')).toBe('student');
    expect(resolveCurrentRole(dualStudent, 'tutor')).toBe('tutor');
    expect(resolveCurrentRole(admin, 'student')).toBe('admin');
    expect(resolveCurrentRole(tutor, 'nonsense')).toBe('tutor');
  });

  it('postLoginPath sends an un-onboarded tutor to onboarding, others to their dashboard', () => {
    expect(postLoginPath(newTutor)).toBe('/tutor-onboarding');
    expect(postLoginPath(tutor)).toBe('/tutor/dashboard');
    expect(postLoginPath(student)).toBe('/student/dashboard');
    expect(postLoginPath(admin)).toBe('/admin/dashboard');
  });

  it("/login keeps a redirect only when it is a path of this site (lib/return-path's table has the rest)", () => {
    for (const hostile of ['https://evil.example', '//evil.example', '/\\evil.example', '/\t/evil.example/pwn', '/\n/evil.example', '/\t\\evil.example', 'javascript:alert(1)', 42]) {
      expect(validateLoginSearch({ redirect: hostile })).toEqual({});
    }
    expect(validateLoginSearch({ redirect: '/tutor/chats' })).toEqual({ redirect: '/tutor/chats' });
  });

  it('a sign-in given a hostile return address goes to the dashboard instead', async () => {
    const ada = { _id: 's1', id: 's1', name: 'Ada', email: 'ada@example.com', emailVerified: true, onboardingCompleted: false, phone: null, role: 'student', twoFactorEnabled: false } as const;
    for (const hostile of ['/\t/evil.example/pwn', '/\n/evil.example', '/\t\\evil.example', '//evil.example', 'https://evil.example']) {
      const { target } = await completeSignIn('tok', ada, async () => ({ student: true }), hostile, memoryStorage());
      expect(target).toBe('/student/dashboard');
    }
    const { target } = await completeSignIn('tok', ada, async () => ({ student: true }), '/student/essays?status=Pending', memoryStorage());
    expect(target).toBe('/student/essays?status=Pending');
  });
});

describe('decideAccess (route guards)', () => {
  const cases: Array<[string, Session | null, AccessRequirement, string]> = [
    ['signed out → login (student)', null, 'student', '/login'],
    ['signed out → login (tutor)', null, 'tutor', '/login'],
    ['signed out → login (admin)', null, 'admin', '/login'],
    ['signed out → login (onboarding)', null, 'signedIn', '/login'],
    ['student in student group', session(student), 'student', 'allow'],
    ['student in tutor group → /', session(student), 'tutor', '/'],
    ['student in admin group → /', session(student), 'admin', '/'],
    ['tutor in tutor group', session(tutor), 'tutor', 'allow'],
    ['tutor in student group → /', session(tutor), 'student', '/'],
    ['tutor in admin group → /', session(tutor), 'admin', '/'],
    ['un-onboarded tutor in tutor group → onboarding', session(newTutor), 'tutor', '/tutor-onboarding'],
    ['un-onboarded tutor may open onboarding', session(newTutor), 'signedIn', 'allow'],
    ['un-onboarded tutor with a student profile is still sent to onboarding', session({ ...newTutor, profiles: { student: true } }), 'student', '/tutor-onboarding'],
    ['admin in admin group', session(admin), 'admin', 'allow'],
    ['admin in student group → /', session(admin), 'student', '/'],
    ['admin in tutor group → /', session(admin), 'tutor', '/'],
    ['dual-profile student in tutor group', session(dualStudent), 'tutor', 'allow'],
    ['dual-profile tutor in student group', session(dualTutor, 'tutor'), 'student', 'allow'],
    ['student with onboardingCompleted false is not sent to onboarding', session(student), 'student', 'allow'],
  ];

  it.each(cases)('%s', (_name, current, requirement, expected) => {
    const decision = decideAccess(current, requirement);
    expect(decision.type === 'allow' ? 'allow' : decision.to).toBe(expected);
  });
});

describe('requireAccess (beforeLoad)', () => {
  const location = { href: '/student/essays?status=Pending' };

  function thrown(fn: () => unknown): unknown {
    try {
      fn();
    } catch (error) {
      return error;
    }
    throw new Error('expected a redirect');
  }

  it('redirects a signed-out visitor to /login with the redirect search param', () => {
    const error = thrown(() => requireAccess('student', { location }, memoryStorage())) as {
      options: { to: string; search: unknown };
    };
    expect(isRedirect(error)).toBe(true);
    expect(error.options.to).toBe('/login');
    expect(error.options.search).toEqual({ redirect: '/student/essays?status=Pending' });
  });

  it('redirects a wrong role to / and an un-onboarded tutor to /tutor-onboarding', () => {
    const asTutor = memoryStorage({ token: 't', user: JSON.stringify(tutor) });
    expect((thrown(() => requireAccess('student', { location }, asTutor)) as { options: { to: string } }).options.to).toBe('/');
    const asNewTutor = memoryStorage({ token: 't', user: JSON.stringify(newTutor) });
    expect((thrown(() => requireAccess('tutor', { location }, asNewTutor)) as { options: { to: string } }).options.to).toBe(
      '/tutor-onboarding',
    );
  });

  it('entering the other group of a dual-profile user stores currentRole, but not during a preload', () => {
    const dual = memoryStorage({ token: 't', user: JSON.stringify(dualStudent), currentRole: 'student' });
    requireAccess('tutor', { location, preload: true }, dual);
    expect(dual.data.get('currentRole')).toBe('student');
    expect(requireAccess('tutor', { location }, dual).session.currentRole).toBe('tutor');
    expect(dual.data.get('currentRole')).toBe('tutor');
  });

  it('returns the session when access is allowed', () => {
    const storage = memoryStorage({ token: 't', user: JSON.stringify(student), currentRole: 'student' });
    expect(requireAccess('student', { location }, storage).session.user._id).toBe('s1');
  });
});

describe('stored session', () => {
  it('reads token, user and currentRole from storage', () => {
    const storage = memoryStorage({ token: 'abc', user: JSON.stringify(dualStudent), currentRole: 'tutor' });
    expect(readSession(storage)).toMatchObject({ token: 'abc', currentRole: 'tutor', user: { _id: 's2', role: 'student' } });
  });

  it('is signed out without a token, with a broken user, or with an expired token', () => {
    expect(readSession(memoryStorage({ user: JSON.stringify(student) }))).toBeNull();
    expect(readSession(memoryStorage({ token: 'abc', user: '{not json' }))).toBeNull();
    const expired = jwt({ userId: 'u', role: 'student', exp: Math.floor(Date.now() / 1000) - 60 });
    expect(readSession(memoryStorage({ token: expired, user: JSON.stringify(student) }))).toBeNull();
    const valid = jwt({ userId: 'u', role: 'student', exp: Math.floor(Date.now() / 1000) + 3600 });
    expect(readSession(memoryStorage({ token: valid, user: JSON.stringify(student) }))).not.toBeNull();
  });

  it('falls back to token claims (role default student, onboardingCompleted default false)', () => {
    const token = jwt({ userId: 'u9' });
    expect(decodeTokenClaims(token)).toMatchObject({ userId: 'u9' });
    expect(decodeTokenClaims('not-a-jwt')).toBeNull();
    expect(readSession(memoryStorage({ token }))?.user).toMatchObject({ _id: 'u9', role: 'student', onboardingCompleted: false });
    const tutorToken = jwt({ userId: 'u8', role: 'tutor', onboardingCompleted: true });
    expect(readSession(memoryStorage({ token: tutorToken }))?.user).toMatchObject({ role: 'tutor', onboardingCompleted: true });
  });

  it('normalises an unknown role to student', () => {
    const storage = memoryStorage({ token: 't', user: JSON.stringify({ _id: 'x', role: 'root' }) });
    expect(readSession(storage)?.user.role).toBe('student');
  });

  it('writeSession stores the three keys and resolves currentRole', () => {
    const storage = memoryStorage();
    const written = writeSession({ token: 'tok', user: tutor, currentRole: 'student' }, storage);
    expect(written.currentRole).toBe('tutor');
    expect(storage.data.get(SESSION_KEYS.token)).toBe('tok');
    expect(JSON.parse(storage.data.get(SESSION_KEYS.user) ?? '{}')).toMatchObject({ _id: 't1', role: 'tutor' });
    expect(storage.data.get(SESSION_KEYS.currentRole)).toBe('tutor');
  });

  it('updateStoredUser merges fields and profile flags', () => {
    const storage = memoryStorage({ token: 't', user: JSON.stringify(newTutor) });
    updateStoredUser({ onboardingCompleted: true }, storage);
    updateStoredUser({ profiles: { tutor: true } }, storage);
    updateStoredUser({ profiles: { student: true } }, storage);
    expect(readSession(storage)?.user).toMatchObject({ onboardingCompleted: true, profiles: { tutor: true, student: true } });
  });

  it('writeCurrentRole only stores a role the user can act as', () => {
    const storage = memoryStorage({ token: 't', user: JSON.stringify(student), currentRole: 'student' });
    expect(writeCurrentRole('tutor', storage)).toBe('student');
    const dual = memoryStorage({ token: 't', user: JSON.stringify(dualStudent), currentRole: 'student' });
    expect(writeCurrentRole('tutor', dual)).toBe('tutor');
    expect(dual.data.get('currentRole')).toBe('tutor');
  });

  it('clearSession removes token, user and currentRole; signOut also the payment keys', () => {
    const storage = memoryStorage({
      token: 't',
      user: JSON.stringify(student),
      currentRole: 'student',
      currentEssayId: 'e1',
      paymentType: 'essay',
      unrelated: 'keep',
    });
    // What App.tsx registers for the payments feature.
    SIGN_OUT_KEYS.splice(0, SIGN_OUT_KEYS.length, 'currentEssayId', 'paymentType');
    clearSession(storage);
    expect([...storage.data.keys()].sort()).toEqual(['currentEssayId', 'paymentType', 'unrelated']);
    signOutStorage(storage);
    expect([...storage.data.keys()]).toEqual(['unrelated']);
  });
});
