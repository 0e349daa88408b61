// Money on the wire: integer pence in storage and arithmetic, pounds in JSON, as the spec
// writes it ("price (pounds)", "prices are in pounds with 2 decimals"). The presenters convert once, here; inputs the
// spec gives in pounds come back through `penceFromPounds`. Pure TypeScript with no imports.

/**
 * Integer pence → a JSON number of pounds with at most two decimals: 1815 → 18.15, 1800 → 18, -250 → -2.5.
 * Exact: the number is parsed from its decimal text, so it is the double nearest to the written amount (never
 * 18.149999…), and `penceFromPounds` gives the pence back unchanged. Throws for a non-integer or unsafe amount.
 */
export function poundsFromPence(pence: number): number {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`pence must be a whole number, got ${pence}`);
  const abs = Math.abs(pence);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return pence < 0 ? -Number(text) : Number(text);
}

/** Why `penceFromPounds` refused an amount (a DTO turns it into the field's message). */
export const POUNDS_FORMAT_PROBLEM = 'must be an amount in pounds with at most 2 decimals';

/**
 * Pounds as a client sends them (a JSON number, or its text from a form) → integer pence: 18.15 → 1815, "18" → 1800.
 * Undefined when it is not a finite amount with at most two decimals (18.155, "£18", "1e3", NaN): money is never
 * rounded on the way in. The number's shortest decimal text is what is read, so 0.1 + 0.2 (0.30000000000000004) is
 * refused rather than guessed.
 */
export function penceFromPounds(pounds: unknown): number | undefined {
  const text = typeof pounds === 'number' ? (Number.isFinite(pounds) ? String(pounds) : '') : typeof pounds === 'string' ? pounds.trim() : '';
  const m = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return undefined;
  const pence = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  const signed = m[1] ? -pence : pence;
  // `+ 0` turns "-0" into 0: no amount is negative zero.
  return Number.isSafeInteger(signed) ? signed + 0 : undefined;
}
