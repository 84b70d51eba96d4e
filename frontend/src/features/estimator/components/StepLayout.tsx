import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styles from './estimator.module.css';

interface StepLayoutProps {
  title: string;
  /** Id for the title, when fields inside are named by it. */
  titleId?: string;
  description?: ReactNode;
  /** Moves focus to the title when the step appears, so screen readers announce it. */
  focusTitle: boolean;
  /** Continue (Enter in a field submits the step too). */
  onSubmit: () => void;
  /** Back and Continue. */
  actions: ReactNode;
  children: ReactNode;
}

/** One estimator step: a form with its title, fields and Back / Continue row. */
export function StepLayout({
  title,
  titleId: givenTitleId,
  description,
  focusTitle,
  onSubmit,
  actions,
  children,
}: StepLayoutProps) {
  const ownTitleId = useId();
  const titleId = givenTitleId ?? ownTitleId;
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Only when the step first appears, not when the parent re-renders it.
  const [focusOnMount] = useState(focusTitle);

  useEffect(() => {
    if (focusOnMount) titleRef.current?.focus();
  }, [focusOnMount]);

  return (
    <form
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h2 id={titleId} ref={titleRef} tabIndex={-1} className={styles.stepTitle}>
        {title}
      </h2>
      {description && <p className={styles.stepDescription}>{description}</p>}
      <div className={styles.stepFields}>{children}</div>
      <div className={styles.stepActions}>{actions}</div>
    </form>
  );
}
