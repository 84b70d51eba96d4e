import { useCallback, useEffect, useRef, useState } from 'react';

export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

export interface Autosave<T> {
  status: AutosaveStatus;
  /** The server's refusal (or the network failure) of the last attempt. */
  error: string | null;
  /** Saves `value` `delayMs` after the last call; each call restarts the wait. */
  schedule: (value: T) => void;
  /** Saves the edit that failed (or any waiting one) now. */
  retry: () => void;
}

/**
 * Debounced autosave that never drops the latest edit: one request at a time, an edit made
 * while a save is in flight is saved after it, and a failed edit stays waiting until `retry`
 * or the next change. A waiting edit is saved at once when the component unmounts (tab switch).
 */
export function useAutosave<T>(save: (value: T) => Promise<unknown>, delayMs: number): Autosave<T> {
  const saveRef = useRef(save);
  const waiting = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    saveRef.current = save;
  });

  const flush = useCallback(async (): Promise<void> => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    if (inFlight.current) return;
    // An edit made during a request whose own timer already fired goes out right after it; one
    // whose timer still runs waits for that timer.
    while (waiting.current && !timer.current) {
      const edit = waiting.current;
      waiting.current = null;
      inFlight.current = true;
      setStatus('saving');
      let failure: string | null = null;
      try {
        await saveRef.current(edit.value);
      } catch (caught) {
        failure = caught instanceof Error ? caught.message : String(caught);
      }
      inFlight.current = false;
      // A newer edit supersedes this one, and its save decides the status.
      if (waiting.current) continue;
      if (failure === null) {
        setError(null);
        setStatus('saved');
      } else {
        // The failed edit waits for a retry or the next change.
        waiting.current = edit;
        setError(failure);
        setStatus('failed');
      }
      return;
    }
  }, []);

  const schedule = useCallback(
    (value: T) => {
      waiting.current = { value };
      setStatus('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delayMs);
    },
    [delayMs, flush],
  );

  const retry = useCallback(() => void flush(), [flush]);

  useEffect(
    () => () => {
      void flush();
    },
    [flush],
  );

  return { status, error, schedule, retry };
}
