import { Icon } from './Icon';
import styles from './landing.module.css';

export const ENDORSEMENT = {
  quote:
    'We price roofs for a living, so we were skeptical of anything that promised an instant number. ' +
    'Rafter’s ranges land close to what our estimators write up after a site visit, and the ' +
    'homeowners who ask for an exact quote have already seen a realistic price. The contractors ' +
    'we work with stopped driving out to jobs they were never going to win.',
  name: 'Marcus Bell',
  role: 'Chief Estimator',
  firm: 'Keystone Roof Estimating',
} as const;

/** What an estimating firm says about the estimates: the proof next to the demo. */
export function EndorsementSection() {
  return (
    <section aria-labelledby="endorsement-title" className={styles.endorsement}>
      <div className={styles.containerNarrow}>
        <h2 id="endorsement-title" className={styles.endorsementTitle}>
          Endorsed by estimators
        </h2>
        <figure className={styles.figure}>
          <Icon name="formatQuote" className={styles.quoteIcon} />
          <blockquote className={styles.blockquote}>
            <p className={styles.quote}>{ENDORSEMENT.quote}</p>
          </blockquote>
          <figcaption className={styles.figcaption}>
            <span className={styles.person}>{ENDORSEMENT.name}</span>
            <span className={styles.personRole}>
              {ENDORSEMENT.role}, {ENDORSEMENT.firm}
            </span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
