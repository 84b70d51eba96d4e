import { useCallback, useEffect, useRef, useState } from 'react';

/** A flag that turns itself off `ms` after each `raise` (e.g. 'Copied' for 1.5 s). */
export function useFlagFor(ms: number): [boolean, () => void] {
  const [raised, setRaised] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const raise = useCallback(() => {
    setRaised(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setRaised(false), ms);
  }, [ms]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return [raised, raise];
}
