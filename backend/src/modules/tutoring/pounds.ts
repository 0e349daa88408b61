/**
 * Pence ↔ pounds for the wire (DESIGN.md §3: pounds in JSON, each amount with its exact `…Pence` twin).
 * TODO(merge): replace with the helper of `backend/src/shared/money.ts` (another branch adds it) and delete this file.
 */
export function penceToPounds(pence: number): number {
  return Math.round(pence) / 100;
}

/** Pounds as typed (at most two decimals) → integer pence; undefined when it is not a whole number of pence. */
export function poundsToPence(pounds: number): number | undefined {
  const pence = Math.round(pounds * 100);
  return Number.isFinite(pounds) && Math.abs(pence - pounds * 100) < 1e-6 ? pence : undefined;
}
