import { useId } from 'react';
import styles from './estimator.module.css';

export const STEP_COUNT = 6;

const STEP_NAMES = ['Zip code', 'Address', 'Homeowner', 'Material', 'Stories', 'Estimate'];

/** 'Step N of 6' over a bar filled to N/6, in the brand colour. */
export function EstimatorProgress({ step }: { step: number }) {
  const labelId = useId();
  const value = Math.round((step / STEP_COUNT) * 100);
  return (
    <div>
      <div className={styles.progressHead}>
        <p id={labelId} className={styles.progressLabel}>
          Step {step} of {STEP_COUNT}
        </p>
        <span className={styles.progressName} aria-hidden>
          {STEP_NAMES[step - 1]}
        </span>
      </div>
      <div
        role="progressbar"
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-labelledby={labelId}
        className={styles.progressBar}
      >
        <div
          className={styles.progressFill}
          data-testid="estimator-progress-fill"
          style={{ transform: `translateX(${value - 100}%)` }}
        />
      </div>
    </div>
  );
}
