import { useCallback, useEffect, useRef, useState } from 'react';

/** The overlay's texts, one per second (spec section 4). */
export const MEASURING_STATUS_TEXTS = [
  'Analyzing satellite imagery...',
  'Detecting roof boundaries...',
  'Calculating roof pitch...',
  'Measuring roof sections...',
  'Calculating total area...',
  'Measurement complete!',
] as const;

/** One progress step (20 %) per second; the result dialog 0.5 s after 100 % (spec section 9). */
export const MEASURING_STEP_MS = 1000;
export const RESULT_DIALOG_DELAY_MS = 500;

const LAST_STEP = MEASURING_STATUS_TEXTS.length - 1;

export interface MeasuringSequence<T> {
  /** True from start until the result is handed over. */
  active: boolean;
  /** 0, 20, 40, 60, 80, 100. */
  progress: number;
  statusText: string;
  /** The result, once the sequence has run and the dialog may show. */
  result: T | null;
  start: (request: (signal: AbortSignal) => Promise<T>) => void;
  reset: () => void;
}

/**
 * Runs a request behind the measuring overlay: progress moves 20 % a second whatever the
 * request does, waits at 80 % while the answer is still out, and reports the result 0.5 s after
 * reaching 100 %. The request must not reject (give it its own fallback).
 */
export function useMeasuringSequence<T>(): MeasuringSequence<T> {
  const [run, setRun] = useState(0);
  const [elapsedSteps, setElapsedSteps] = useState(0);
  const [answer, setAnswer] = useState<{ value: T } | null>(null);
  const [result, setResult] = useState<T | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Steps are due at whole seconds from the start, so render time does not add up.
  const startTime = useRef(0);

  const active = run > 0 && result === null;
  const step = answer ? elapsedSteps : Math.min(elapsedSteps, LAST_STEP - 1);

  useEffect(() => {
    if (!active || elapsedSteps >= LAST_STEP) return;
    const due = startTime.current + (elapsedSteps + 1) * MEASURING_STEP_MS;
    const timer = setTimeout(
      () => setElapsedSteps((steps) => steps + 1),
      Math.max(0, due - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [active, elapsedSteps, run]);

  useEffect(() => {
    if (!active || step < LAST_STEP || !answer) return;
    const timer = setTimeout(() => setResult(answer.value), RESULT_DIALOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active, step, answer]);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback((request: (signal: AbortSignal) => Promise<T>) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    startTime.current = Date.now();
    setRun((count) => count + 1);
    setElapsedSteps(0);
    setAnswer(null);
    setResult(null);
    void request(current.signal).then((value) => {
      if (!current.signal.aborted) setAnswer({ value });
    });
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    setRun(0);
    setElapsedSteps(0);
    setAnswer(null);
    setResult(null);
  }, []);

  return {
    active,
    progress: step * 20,
    statusText: MEASURING_STATUS_TEXTS[step] ?? MEASURING_STATUS_TEXTS[0],
    result,
    start,
    reset,
  };
}
