/** /login's query string: where to go after the sign-in, and a direct sign-in link's code. Plain TypeScript (the sign-in island reads it too). */
import { safeReturnPath } from '../../lib/return-path';

export interface LoginSearch {
  redirect?: string;
  /** Direct sign-in: `/login?signInCode=…`, a one-time code exchanged only after "Continue as …?". */
  signInCode?: string;
}

/** `validateSearch` for /login: keeps `redirect` only when it is a same-origin path (lib/return-path), plus a sign-in link's code. */
export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  const target = safeReturnPath(search.redirect);
  const out: LoginSearch = target ? { redirect: target } : {};
  // A bearer token in the URL (the old `?userId=…&token=…`) is ignored: it could sign a visitor into someone else's account.
  if (typeof search.signInCode === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(search.signInCode)) out.signInCode = search.signInCode;
  return out;
}
