import { startTransition, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** Whether the landing page has been on screen before in this document. */
let shownBefore = false;

/**
 * How many of the `count` sections below the first screen to render. On the first visit they
 * follow the header and hero one at a time, each in its own interruptible render with a pause
 * between, so the hero paints with a fraction of the page's work and no single task keeps a
 * phone's main thread busy for long. They all render at once when the page opens at a #section
 * or is revisited (back), so scrolling to a section, or to the reader's old place, finds it there.
 */
export function useProgressiveReveal(count: number): number {
  const { hash } = useLocation();
  const [revealed, setRevealed] = useState(() => (shownBefore || hash !== '' ? count : 0));

  useEffect(() => {
    shownBefore = true;
    if (revealed >= count) return;
    const timer = setTimeout(() => startTransition(() => setRevealed((shown) => shown + 1)), 0);
    return () => clearTimeout(timer);
  }, [revealed, count]);

  return revealed;
}
