/**
 * Client session for React: the context the app reads the signed-in user from. The stored session itself (keys,
 * role rules, guard decision, reading and writing) is lib/session-store.ts, re-exported here so the app has one
 * import; the route guards (`features/auth/guards.ts`), the layouts and the API client use the same functions.
 */
import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  browserStorage,
  isAdmin,
  isStudent,
  isTutor,
  readSession,
  SESSION_CHANGED_EVENT,
  SESSION_KEYS,
  signOutStorage,
  updateStoredUser,
  writeCurrentRole,
  writeSession,
  type Role,
  type Session,
  type SessionStorage,
  type SessionUser,
  type SignInInput,
} from './session-store';

export * from './session-store';

// ---------------------------------------------------------------------------------------------
// React context
// ---------------------------------------------------------------------------------------------

export interface SessionContextValue {
  session: Session | null;
  user: SessionUser | null;
  currentRole: Role | null;
  isAuthenticated: boolean;
  isStudent: boolean;
  isTutor: boolean;
  isAdmin: boolean;
  signIn: (input: SignInInput) => Session;
  signOut: () => void;
  /** Stores currentRole when the user can act as it; returns the role in effect. */
  setCurrentRole: (role: Role) => Role | null;
  updateUser: (patch: Partial<SessionUser>) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

function sameSession(a: Session | null, b: Session | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.token === b.token && a.currentRole === b.currentRole && JSON.stringify(a.user) === JSON.stringify(b.user);
}

export interface SessionProviderProps {
  children: ReactNode;
  storage?: SessionStorage | null;
  /** Called after the session changes (sign-in, sign-out, 401, another tab); main.tsx re-runs route guards. */
  onChange?: (session: Session | null) => void;
}

export function SessionProvider({ children, storage = browserStorage(), onChange }: SessionProviderProps) {
  const [session, setSession] = useState<Session | null>(() => readSession(storage));
  const sessionRef = useRef(session);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const sync = useCallback(() => {
    const next = readSession(storage);
    if (sameSession(sessionRef.current, next)) return;
    sessionRef.current = next;
    setSession(next);
    onChangeRef.current?.(next);
  }, [storage]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || (Object.values(SESSION_KEYS) as string[]).includes(event.key)) sync();
    };
    window.addEventListener(SESSION_CHANGED_EVENT, sync);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(SESSION_CHANGED_EVENT, sync);
      window.removeEventListener('storage', onStorage);
    };
  }, [sync]);

  const value = useMemo<SessionContextValue>(() => {
    const user = session?.user ?? null;
    return {
      session,
      user,
      currentRole: session?.currentRole ?? null,
      isAuthenticated: !!session,
      isStudent: isStudent(user),
      isTutor: isTutor(user),
      isAdmin: isAdmin(user),
      signIn: (input) => writeSession(input, storage),
      signOut: () => signOutStorage(storage),
      setCurrentRole: (role) => writeCurrentRole(role, storage),
      updateUser: (patch) => {
        updateStoredUser(patch, storage);
      },
    };
  }, [session, storage]);

  return createElement(SessionContext.Provider, { value }, children);
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
