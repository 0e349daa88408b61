/**
 * A LIKE/ILIKE pattern matching `text` anywhere: `%`, `_` and `\` typed by a user are literal (PostgreSQL's default
 * escape character is the backslash).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
