import { Icon } from './Icon';
import { LandingSection } from './LandingSection';
import styles from './landing.module.css';

const COLUMNS = [
  {
    id: 'without',
    title: 'Without Rafter',
    positive: false,
    points: [
      'Phone tag with homeowners who only wanted a ballpark price',
      'A drive and a ladder for every quote, even for the tire-kickers',
      'Visitors leave your website without telling you who they are',
      'No way to tell a ready buyer from someone just curious',
    ],
  },
  {
    id: 'with',
    title: 'With Rafter',
    positive: true,
    points: [
      'Homeowners see a low, average and high price on your site in about a minute',
      'The roof is measured from the address, so you only drive out for serious jobs',
      'Every quote request arrives with contact details, address and roof size',
      'A 0-100 lead score tells you who to call first',
    ],
  },
] as const;

/** Before and after: quoting roofs the old way next to instant estimates and scored leads. */
export function ComparisonSection() {
  return (
    <LandingSection
      id="before-after"
      eyebrow="Before and after"
      title="Stop chasing quotes. Start closing jobs."
      intro="Most homeowners want a price before they pick up the phone. Give them one, and let the serious ones come to you."
      tinted
    >
      <div className={styles.compareGrid}>
        {COLUMNS.map((column) => (
          <article
            key={column.id}
            aria-labelledby={`compare-${column.id}-title`}
            className={
              column.positive
                ? `${styles.compareCard} ${styles.compareCardPositive}`
                : styles.compareCard
            }
          >
            <h3 id={`compare-${column.id}-title`} className={styles.compareTitle}>
              {column.title}
            </h3>
            <ul className={styles.compareList}>
              {column.points.map((point) => (
                <li key={point} className={styles.comparePoint}>
                  <Icon
                    name={column.positive ? 'checkCircle' : 'cancel'}
                    className={styles.compareIcon}
                  />
                  <p className={styles.body1}>{point}</p>
                </li>
              ))}
            </ul>
          </article>
        ))}
      </div>
    </LandingSection>
  );
}
