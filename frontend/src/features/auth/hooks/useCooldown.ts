import { useCallback, useEffect, useState } from 'react';
import { browserStorage } from '../../../lib/session';
import { remainingSeconds, startCooldown } from '../cooldown';
import { RESEND_COOLDOWN_SECONDS } from '../schemas';

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
