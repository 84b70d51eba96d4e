import { LANDING_CLAIMS } from './claims';
import { EstimatePreview } from './EstimatePreview';
import { Icon } from './Icon';
import styles from './landing.module.css';

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className={styles.hero}>
      <div className={styles.container}>
        <div className={styles.heroGrid}>
          <div>
            <div className={styles.chip}>
              <Icon name="roofing" className={styles.chipIcon} />
              <span className={styles.chipLabel}>Built for roofing contractors</span>
            </div>
            <h1 id="hero-title" className={styles.heroTitle}>
              Instant roof-replacement estimates that turn website visitors into{' '}
              <span className={styles.accent}>scored leads</span>
            </h1>
            <p className={styles.heroIntro}>
              Add a roof-cost calculator to your website. Homeowners get a low, average and high
              price for a new roof in about a minute. You get their contact details, property
              information and a 0-100 lead score, live in your dashboard.
            </p>

            <div className={styles.actions}>
              <a href="#pricing" className={`${styles.button} ${styles.large} ${styles.contained}`}>
                See plans and pricing
              </a>
              <a href="#demo" className={`${styles.button} ${styles.large} ${styles.outlined}`}>
                Try the live demo
                <Icon name="arrowDownward" className={styles.endIcon} />
              </a>
            </div>

            <ul aria-label="Why contractors choose Rafter" className={styles.heroClaims}>
              {LANDING_CLAIMS.map((claim) => (
                <li key={claim} className={styles.claim}>
                  <Icon name="checkCircle" className={styles.claimIcon} />
                  {claim}
                </li>
              ))}
            </ul>
          </div>

          <EstimatePreview />
        </div>
      </div>
    </section>
  );
}
