import { CONTACT_EMAIL } from '../../../lib/contact';
import { Icon } from './Icon';
import styles from './landing.module.css';

export function ClosingSection() {
  return (
    <section aria-labelledby="closing-title" className={styles.closing}>
      <div className={styles.container}>
        <div className={styles.closingPanel}>
          <h2 id="closing-title" className={styles.sectionTitle}>
            Turn your website into a lead machine
          </h2>
          <p className={styles.closingIntro}>
            Set up in 5 minutes, pay month to month and try it risk-free with our 14-day money-back
            guarantee. Questions first? We are happy to help.
          </p>
          <div className={styles.closingActions}>
            <a
              href="#pricing"
              className={`${styles.button} ${styles.large} ${styles.onDarkContained}`}
            >
              Compare plans
            </a>
            <a
              href={`mailto:${CONTACT_EMAIL}`}
              className={`${styles.button} ${styles.large} ${styles.onDarkOutlined}`}
            >
              <Icon name="mailOutline" className={styles.startIcon} />
              Email us
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
