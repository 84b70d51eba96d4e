import { Icon } from './Icon';
import styles from './landing.module.css';

const SAMPLE_ESTIMATE = [
  { label: 'Low', amount: '$7,990' },
  { label: 'Average', amount: '$10,986', highlight: true },
  { label: 'High', amount: '$13,983' },
] as const;

/**
 * A picture of what the product does: the estimate a homeowner sees and the lead the contractor
 * receives. Decorative, so screen readers skip it; the copy beside it says the same in words.
 */
export function EstimatePreview() {
  return (
    <div aria-hidden className={styles.preview}>
      <div className={styles.estimateCard}>
        <div className={styles.spread}>
          <p className={styles.strongSecondary}>Step 6 of 6</p>
          <p className={styles.strongAccent}>Estimate ready</p>
        </div>
        <div className={styles.progress} />

        <p className={styles.estimateTitle}>Your Estimated Cost</p>
        <div className={styles.location}>
          <Icon name="locationOn" />
          <p className={styles.body2}>2,350 sq ft · Asphalt shingles · 2 stories</p>
        </div>

        <div className={styles.estimateGrid}>
          {SAMPLE_ESTIMATE.map((item) => (
            <div
              key={item.label}
              className={
                'highlight' in item
                  ? `${styles.estimateItem} ${styles.estimateItemHighlight}`
                  : styles.estimateItem
              }
            >
              <p className={`${styles.body2} ${styles.secondary}`}>{item.label}</p>
              <p className={styles.amount}>{item.amount}</p>
            </div>
          ))}
        </div>
        <div className={styles.quoteButton}>Get Exact Quote</div>
      </div>

      <div className={styles.leadCard}>
        <div className={styles.leadAvatar}>
          <Icon name="notificationsActive" />
        </div>
        <div className={styles.leadText}>
          <p className={styles.leadName}>New lead: Sarah M.</p>
          <p className={styles.leadDetail}>Homeowner · $10,986 avg</p>
        </div>
        <div className={styles.leadScore}>95</div>
      </div>
    </div>
  );
}
