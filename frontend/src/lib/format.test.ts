// @vitest-environment node
// British formats everywhere: the app's dates come from the one formatter in @redpen/shared/dates
// (en-GB, 24-hour, the viewer's time zone). The scan below fails when a file formats a date by itself again, in
// en-US or with the runtime's default locale.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatDayTime } from '@redpen/shared/dates';
import { formatDate, formatDateTime } from './format';

const SRC = fileURLToPath(new URL('..', import.meta.url));

describe('dates as the British read them', () => {
  it('a date-only value is its calendar day, "1 March 2008", never shifted by the time zone', () => {
    expect(formatDate('2008-03-01')).toBe('1 March 2008');
    expect(formatDate(null)).toBeNull();
  });

  it('an instant is "27 November 2026, 16:18" style, 24-hour, never AM/PM', () => {
    const at = new Date(2026, 10, 27, 16, 18);
    expect(formatDateTime(at.toISOString())).toBe('27 November 2026, 16:18');
    expect(formatDateTime(at.getTime())).not.toMatch(/AM|PM/);
    expect(formatDayTime(at.toISOString())).toBe('27 November, 16:18');
    expect(formatDateTime('')).toBeNull();
  });

  it('no file under src/ formats a date in en-US or the default locale (they use lib/format or @redpen/shared/dates)', () => {
    const offenders: string[] = [];
    const bad = /toLocale(?:Date|Time)?String\(\s*(?:\[\]|'en-US'|"en-US"|undefined|\))|Intl\.DateTimeFormat\(\s*(?:'en-US'|\[\]|undefined|\))|toLocaleString\(\s*'en-US'/;
    for (const file of readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
      if (!/\.(ts|tsx)$/.test(file) || file.endsWith('format.test.ts') || file.includes('routeTree.gen')) continue;
      readFileSync(join(SRC, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (bad.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
