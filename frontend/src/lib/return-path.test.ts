import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

const ORIGIN = 'https://redpen.example';
const DASHBOARD = '/student/dashboard';

// Each as the page's code receives it: the query string already decoded once (`%09` arrives as a tab).
const hostile: Array<[string, unknown]> = [
  ['tab between the slashes', '/\t/evil.example/pwn'],
  ['newline between the slashes', '/\n/evil.example/pwn'],
  ['carriage return between the slashes', '/\r/evil.example'],
  ['tab then backslash', '/\t\\evil.example'],
  ['protocol-relative', '//evil.example'],
  ['protocol-relative with a path', '//evil.example/student/dashboard'],
  ['slash backslash', '/\\evil.example'],
  ['backslash slash', '\\/evil.example'],
  ['two backslashes', '\\\\evil.example'],
  ['absolute https', 'https://evil.example'],
  ['absolute http with a same-looking path', 'http://evil.example/student/dashboard'],
  ['scheme with one slash', 'https:/evil.example'],
  ['javascript:', 'javascript:alert(document.domain)'],
  ['javascript: hidden after a comment', 'javascript://%0Aalert(1)'],
  ['javascript: in capitals', 'JaVaScRiPt:alert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['leading space', ' /evil.example'],
  ['leading tab before //', '\t//evil.example'],
  ['encoded tab still encoded (double-encoded in the link)', '/%09/evil.example'],
  ['encoded newline still encoded', '/%0A/evil.example'],
  ['encoded tab and backslash still encoded', '/%09%5Cevil.example'],
  ['encoded backslash', '/%5Cevil.example'],
  ['encoded second slash', '/%2F/evil.example'],
  ['NUL', '/student\u0000/dashboard'],
  ['DEL', '/student\u007f'],
  ['encoded DEL', '/student%7F'],
  ['malformed escape', '/student/%E0%A4%A'],
  ['relative without a slash', 'student/dashboard'],
  ['dot-relative', '../evil'],
  ['empty', ''],
  ['a number', 42],
  ['an array', ['/student/dashboard']],
  ['undefined', undefined],
  ['null', null],
  ['very long', `/${'a'.repeat(5000)}`],
];

const good: Array<[string, string, string]> = [
  ['a dashboard', '/student/dashboard', '/student/dashboard'],
  ['a query', '/student/essays?status=Pending&page=2', '/student/essays?status=Pending&page=2'],
  ['a fragment', '/faq#payments', '/faq#payments'],
  ['an encoded query value', '/student/essays?q=a%20b', '/student/essays?q=a%20b'],
  ['the root', '/', '/'],
  ['dot segments stay on the site', '/student/../tutor/chats', '/tutor/chats'],
  ['an encoded slash inside the path', '/files/a%2Fb', '/files/a%2Fb'],
];

describe('safeReturnPath', () => {
  it.each(hostile)('refuses %s and falls back to the dashboard', (_name, value) => {
    expect(safeReturnPath(value, DASHBOARD, ORIGIN)).toBe(DASHBOARD);
    expect(safeReturnPath(value, null, ORIGIN)).toBeNull();
  });

  it.each(good)('follows %s', (_name, value, expected) => {
    expect(safeReturnPath(value, DASHBOARD, ORIGIN)).toBe(expected);
  });

  it('answers only paths that resolve to the page origin', () => {
    for (const [, value] of hostile) {
      const result = safeReturnPath(value, DASHBOARD, ORIGIN);
      expect(new URL(result, ORIGIN).origin).toBe(ORIGIN);
    }
  });

  it("resolves against the page's own origin by default", () => {
    expect(safeReturnPath('/tutor/chats')).toBe('/tutor/chats');
    expect(safeReturnPath(`${window.location.origin}/tutor/chats`)).toBeNull();
    expect(safeReturnPath('//evil.example')).toBeNull();
  });
});
