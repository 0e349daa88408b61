/** How much of an essay's opening the pool card shows ("a preview of the first lines"). */
export const OPENING_MAX_CHARS = 300;

/**
 * The first words of a text as one line: white space collapsed, cut at a word boundary within `maxChars`, with an
 * ellipsis when cut. Empty for a text without words (a scan, an image).
 */
export function openingLines(text: string, maxChars: number = OPENING_MAX_CHARS): string {
  // Only the start matters: a few times the limit is enough to collapse runs of white space.
  const flat = text.slice(0, maxChars * 4).replace(/\s+/gu, ' ').trim();
  if (flat.length <= maxChars) return flat;
  const cut = flat.slice(0, maxChars + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut.slice(0, maxChars)).trimEnd()}…`;
}
