import type { ReactNode } from 'react';
import styles from './landing.module.css';

interface LandingSectionProps {
  /** Anchor for in-page links (#features); the heading gets `<id>-title`. */
  id: string;
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  /** A grey band, to set the section apart from its neighbours. */
  tinted?: boolean;
  children: ReactNode;
}

/**
 * A landing page section: eyebrow, h2 and intro centred above the content. Its scroll margin
 * lands an in-page link (#pricing) below the sticky promo banner and header.
 */
export function LandingSection({
  id,
  eyebrow,
  title,
  intro,
  tinted,
  children,
}: LandingSectionProps) {
  const titleId = `${id}-title`;

  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={tinted === true ? `${styles.section} ${styles.tinted}` : styles.section}
    >
      <div className={styles.container}>
        <div className={styles.sectionHead}>
          <p className={styles.overline}>{eyebrow}</p>
          <h2 id={titleId} className={styles.sectionTitle}>
            {title}
          </h2>
          {intro && <p className={styles.sectionIntro}>{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
