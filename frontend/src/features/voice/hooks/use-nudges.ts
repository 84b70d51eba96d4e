import { useEffect, useState } from 'react';
import { nudgeMessage, VOICE_TIMERS } from '../widget-constants';

/**
 * The nudge bubble's text while `active`: every 8 s a message shows for 4 s, cycling through the
 * five (spec section 4). null between nudges and whenever inactive.
 */
export function useNudges(active: boolean): string | null {
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!active) return;
    let index = 0;
    let hide: ReturnType<typeof setTimeout> | undefined;
    const interval = setInterval(() => {
      setMessage(nudgeMessage(index));
      index += 1;
      clearTimeout(hide);
      hide = setTimeout(() => setMessage(null), VOICE_TIMERS.nudgeVisibleMs);
    }, VOICE_TIMERS.nudgeIntervalMs);
    return () => {
      clearInterval(interval);
      clearTimeout(hide);
      setMessage(null);
    };
  }, [active]);

  return active ? message : null;
}
