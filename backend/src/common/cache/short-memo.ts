/**
 * Reuses an answer per key for `ttlMs` (concurrent askers share one computation; a failure is forgotten at once).
 * For figures an admin glances at — a list's total, the dashboard — where a few seconds' staleness costs nothing
 * and recomputing on every request would cost a scan (docs/decisions.md "Admin area").
 */
export class ShortMemo<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 200,
  ) {}

  get(key: string, now: number, compute: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached && now - cached.at < this.ttlMs) return cached.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = compute();
    this.entries.set(key, { at: now, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
