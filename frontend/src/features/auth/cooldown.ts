/**
 * Resend cooldowns kept in localStorage (60 s, survives a reload): the stored value
 * is the epoch millisecond at which the cooldown ends. Plain TypeScript: the sign-in islands use it too; the
 * ticking React hook is hooks/useCooldown.ts.
 */
import { browserStorage } from '../../lib/session-store';
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
