/**
 * Whether the visitor is signed in, read from the session the app keeps in local storage (spec keys `token`,
 * `user`, `currentRole`), without importing app code: the public pages stay independent of the app (DESIGN.md §10)
 * and this works the same from a small script on a prerendered page. Only a hint for the header's link: the
 * dashboard itself checks the session as always.
 */
const DASHBOARDS = { student: '/student/dashboard', tutor: '/tutor/dashboard', admin: '/admin/dashboard' } as const;
export type DashboardPath = (typeof DASHBOARDS)[keyof typeof DASHBOARDS];

export function signedInDashboard(storage: Pick<Storage, 'getItem'> | null = safeLocalStorage()): DashboardPath | null {
  if (!storage?.getItem('token')) return null;
  let role: unknown = storage.getItem('currentRole');
  if (!(typeof role === 'string' && role in DASHBOARDS)) {
    try {
      role = (JSON.parse(storage.getItem('user') ?? 'null') as { role?: unknown } | null)?.role;
    } catch {
      return null;
    }
  }
  return typeof role === 'string' && role in DASHBOARDS ? DASHBOARDS[role as keyof typeof DASHBOARDS] : null;
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}
