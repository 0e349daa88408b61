/**
 * Resend cooldowns kept in localStorage (spec part 1 §4: 60 s, survives a reload): the stored value
 * is the epoch millisecond at which the cooldown ends.
 */
import { useCallback, useEffect, useState } from 'react';
import { browserStorage } from '../../lib/session';
import { RESEND_COOLDOWN_SECONDS } from './schemas';

export function cooldownKey(kind: 'verify' | '2fa', email: string): string {
  return `resendCooldown:${kind}:${email.trim().toLowerCase()}`;
}

export function remainingSeconds(key: string, now: number = Date.now()): number {
  const raw = browserStorage()?.getItem(key);
  const until = raw ? Number(raw) : 0;
  if (!Number.isFinite(until) || until <= now) return 0;
  return Math.ceil((until - now) / 1000);
}

export function startCooldown(key: string, seconds: number = RESEND_COOLDOWN_SECONDS, now: number = Date.now()): void {
  browserStorage()?.setItem(key, String(now + seconds * 1000));
}

/** Seconds left on the cooldown stored under `key`, ticking once a second; `start()` begins a new one. */
export function useCooldown(key: string | null) {
  const [seconds, setSeconds] = useState(() => (key ? remainingSeconds(key) : 0));

  useEffect(() => {
    if (!key) return;
    setSeconds(remainingSeconds(key));
    const timer = setInterval(() => {
      const left = remainingSeconds(key);
      setSeconds(left);
      if (left === 0) browserStorage()?.removeItem(key);
    }, 1000);
    return () => clearInterval(timer);
  }, [key]);

  const start = useCallback(
    (duration: number = RESEND_COOLDOWN_SECONDS) => {
      if (!key) return;
      startCooldown(key, duration);
      setSeconds(duration);
    },
    [key],
  );

  return { seconds, active: seconds > 0, start };
}
