import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * One clock per interval, shared by every component that reads it: ten countdowns on a page tick together off a
 * single timer, which starts with the first subscriber and stops with the last.
 */
interface Ticker {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | null;
}

const tickers = new Map<number, Ticker>();

function tickerFor(intervalMs: number): Ticker {
  let ticker = tickers.get(intervalMs);
  if (!ticker) {
    ticker = { now: Date.now(), listeners: new Set(), timer: null };
    tickers.set(intervalMs, ticker);
  }
  return ticker;
}

function subscribe(intervalMs: number, listener: () => void): () => void {
  const ticker = tickerFor(intervalMs);
  ticker.listeners.add(listener);
  // A newcomer (and everyone already reading) starts from the true time, not the last tick's.
  ticker.now = Date.now();
  for (const notify of ticker.listeners) if (notify !== listener) notify();
  if (ticker.timer === null) {
    ticker.timer = setInterval(() => {
      ticker.now = Date.now();
      for (const notify of ticker.listeners) notify();
    }, intervalMs);
  }
  return () => {
    ticker.listeners.delete(listener);
    if (ticker.listeners.size === 0 && ticker.timer !== null) {
      clearInterval(ticker.timer);
      ticker.timer = null;
      tickers.delete(intervalMs);
    }
  };
}

/**
 * The current time in ms, refreshed every `intervalMs` (a countdown ticks each second, a badge each minute).
 * `enabled = false` subscribes to nothing: the value stays where it was.
 */
export function useNow(intervalMs: number, enabled = true): number {
  // While disabled the clock stands still at the last value read (a snapshot must not change between reads).
  const last = useRef<number>(null);
  last.current ??= Date.now();
  const subscribeTo = useCallback((listener: () => void) => (enabled ? subscribe(intervalMs, listener) : () => {}), [intervalMs, enabled]);
  const read = () => (enabled ? tickerFor(intervalMs).now : (last.current as number));
  const now = useSyncExternalStore(subscribeTo, read, read);
  useEffect(() => {
    last.current = now;
  }, [now]);
  return now;
}
