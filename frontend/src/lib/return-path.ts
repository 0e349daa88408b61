/**
 * The one check of a return address (`/login?redirect=…`, and any page that opens "where the person was going"):
 * a value is followed only when it names a page of this site. Plain TypeScript: the static sign-in islands and the
 * app both use it.
 *
 * Accepted: a string that starts with a single `/`, holds no backslash and no control character (below U+0020, or
 * U+007F) either as given or once percent-decoded, does not start with `//` once decoded, and resolves with
 * `new URL(value, origin)` to the same origin. Anything else is refused, since browsers read `/\t/host`, `/\host`
 * and `//host` (tabs and newlines are dropped from URLs, a backslash counts as a slash) as another site.
 */

/** Origin the value is resolved against: the page's, or a stand-in where there is no window (prerendering, tests). */
function pageOrigin(): string {
  return typeof window !== 'undefined' && window.location?.origin && window.location.origin !== 'null' ? window.location.origin : 'http://redpen.invalid';
}

// eslint-disable-next-line no-control-regex
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null; // a malformed escape (`%E0%A4%A`) is refused, not guessed at
  }
}

/**
 * Returns the same-origin path (pathname, query and fragment as the URL parser normalised them) that `value` names,
 * or `fallback` (the role's dashboard at a sign-in; `null` by default) when `value` is missing or could lead anywhere
 * else.
 */
export function safeReturnPath(value: unknown, fallback: string, origin?: string): string;
export function safeReturnPath(value: unknown, fallback?: null, origin?: string): string | null;
export function safeReturnPath(value: unknown, fallback: string | null = null, origin: string = pageOrigin()): string | null {
  if (typeof value !== 'string' || value.length > 2048) return fallback;
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  const plain = decoded(value);
  if (plain === null || CONTROL_OR_BACKSLASH.test(value) || CONTROL_OR_BACKSLASH.test(plain) || plain.startsWith('//')) return fallback;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base.origin);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin || !url.pathname.startsWith('/') || url.pathname.startsWith('//')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
