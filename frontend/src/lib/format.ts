/**
 * Display formatting shared by the pages (dates, file sizes). Dates and times are British (en-GB, 24-hour) and come
 * from the one formatter in @redpen/shared/dates, the same the emails use; here in the viewer's own time zone.
 */
import { formatDateOnly, formatDateTime as sharedFormatDateTime } from '@redpen/shared/dates';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `2008-03-01` → `1 March 2008` (a date-only value is read in UTC, so it never shifts a day); a timestamp → its day in
 * the viewer's time zone. Null when empty.
 */
export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return formatDateOnly(date, DATE_ONLY.test(value.trim()) ? 'UTC' : undefined);
}

/** `1 March 2026, 14:05` in the viewer's time zone, for the instants a user acts by (deadlines); null when empty. */
export function formatDateTime(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return sharedFormatDateTime(date);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
