import type { CSSProperties, ReactNode } from 'react';
import { APP_ROUTES } from '@rafter/domain/routes';
import { PathIcon } from '../../../components/PathIcon';
import styles from './share-page.module.css';

/** The Material icons (rounded set) the page shows, as plain SVG paths. */
const ICONS = {
  bolt: 'M10.67 21c-.35 0-.62-.31-.57-.66L11 14H7.5c-.88 0-.33-.75-.31-.78 1.26-2.23 3.15-5.53 5.65-9.93.1-.18.3-.29.5-.29.35 0 .62.31.57.66l-.9 6.34h3.51c.4 0 .62.19.4.66-3.29 5.74-5.2 9.09-5.75 10.05-.1.18-.29.29-.5.29',
  satelliteAlt:
    'M20.95 14.88a6.985 6.985 0 0 1-6.07 6.07c-.51.06-.88.49-.88.99 0 .04 0 .08.01.12.07.55.57.94 1.12.87 4.09-.51 7.3-3.72 7.81-7.81.06-.55-.33-1.05-.88-1.11-.55-.07-1.05.32-1.11.87m-2.11.38c.14-.53-.18-1.08-.72-1.22s-1.08.18-1.22.72c-.27 1.05-1.09 1.87-2.15 2.15-.45.12-.75.52-.75.97 0 .08.01.17.03.25.14.53.69.85 1.22.72 1.77-.47 3.14-1.84 3.59-3.59M21.8 4.12 18.26.58c-.78-.78-2.05-.78-2.83 0l-3.18 3.18c-.78.78-.78 2.05 0 2.83l1.24 1.24-.71.71-1.23-1.24c-.78-.78-2.05-.78-2.83 0L7.3 8.72c-.78.78-.78 2.05 0 2.83l1.24 1.24-.71.71-1.23-1.25c-.78-.78-2.05-.78-2.83 0L.59 15.43c-.78.78-.78 2.05 0 2.83l3.54 3.54c.78.78 2.05.78 2.83 0l3.18-3.18c.78-.78.78-2.05 0-2.83L8.9 14.55l.71-.71 1.24 1.24c.78.78 2.05.78 2.83 0l1.41-1.41c.78-.78.78-2.05 0-2.83L13.84 9.6l.71-.71 1.24 1.24c.78.78 2.05.78 2.83 0l3.18-3.18c.78-.78.78-2.05 0-2.83M5.54 20.38 2 16.85l1.06-1.06 3.54 3.54zm2.12-2.12-3.54-3.54 1.06-1.06 3.54 3.54zm9.54-9.54-3.54-3.54 1.06-1.06 3.54 3.54zm2.12-2.12-3.54-3.54L16.85 2l3.54 3.54z',
  handshake:
    'M16.48 10.41c-.39.39-1.04.39-1.43 0l-4.47-4.46-7.05 7.04-.66-.63c-1.17-1.17-1.17-3.07 0-4.24l4.24-4.24c1.17-1.17 3.07-1.17 4.24 0L16.48 9c.39.39.39 1.02 0 1.41m.7-2.12c.78.78.78 2.05 0 2.83-1.27 1.27-2.61.22-2.83 0l-3.76-3.76-5.57 5.57c-.39.39-.39 1.02 0 1.41s1.02.39 1.42 0l4.62-4.62.71.71-4.62 4.62c-.39.39-.39 1.02 0 1.41s1.02.39 1.42 0l4.62-4.62.71.71-4.62 4.62c-.39.39-.39 1.02 0 1.41s1.02.39 1.41 0l4.62-4.62.71.71-4.62 4.62c-.39.39-.39 1.02 0 1.41s1.02.39 1.41 0l8.32-8.34c1.17-1.17 1.17-3.07 0-4.24l-4.24-4.24c-1.15-1.15-3.01-1.17-4.18-.06z',
  attachMoney:
    'M11.8 10.9c-2.27-.59-3-1.2-3-2.15 0-1.09 1.01-1.85 2.7-1.85 1.42 0 2.13.54 2.39 1.4.12.4.45.7.87.7h.3c.66 0 1.13-.65.9-1.27-.42-1.18-1.4-2.16-2.96-2.54V4.5c0-.83-.67-1.5-1.5-1.5S10 3.67 10 4.5v.66c-1.94.42-3.5 1.68-3.5 3.61 0 2.31 1.91 3.46 4.7 4.13 2.5.6 3 1.48 3 2.41 0 .69-.49 1.79-2.7 1.79-1.65 0-2.5-.59-2.83-1.43-.15-.39-.49-.67-.9-.67h-.28c-.67 0-1.14.68-.89 1.3.57 1.39 1.9 2.21 3.4 2.53v.67c0 .83.67 1.5 1.5 1.5s1.5-.67 1.5-1.5v-.65c1.95-.37 3.5-1.5 3.5-3.55 0-2.84-2.43-3.81-4.7-4.4',
  home: 'M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6c-.38-.34-.96-.34-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1',
} as const;

export const FALLBACK_BUSINESS_NAME = 'Roofing Contractor';
export const FALLBACK_BUSINESS_ADDRESS = 'Professional Roofing Services';

export interface ShareBusiness {
  name: string;
  address: string;
  logoUrl: string | null;
}

interface SharePageLayoutProps {
  /** Null while the link loads: the header keeps the room its name and address will take. */
  business: ShareBusiness | null;
  /** The estimator, in the contractor's colours. */
  calculator: ReactNode;
  /** The brand's custom properties (brandStyle()). */
  style?: CSSProperties;
}

function reasons(name: string) {
  return [
    {
      icon: ICONS.bolt,
      title: 'Instant estimate',
      text: 'See a low, average and high price for your new roof in about a minute.',
    },
    {
      icon: ICONS.satelliteAlt,
      title: 'Measured from above',
      text: 'Your roof is measured from satellite imagery: no ladder, no visit, no wait.',
    },
    {
      icon: ICONS.handshake,
      title: 'A local team',
      text: `${name} reviews your request and prepares an exact quote for your home.`,
    },
    {
      icon: ICONS.attachMoney,
      title: 'No obligation',
      text: 'The estimate is free. You decide whether you want an exact quote.',
    },
  ];
}

const STATS = [
  { value: '60 sec', label: 'to your estimate' },
  { value: '5', label: 'roofing materials priced' },
  { value: '3', label: 'prices: low, average, high' },
  { value: '$0', label: 'cost to you' },
];

function BusinessMark({ business }: { business: ShareBusiness | null }) {
  if (business?.logoUrl) {
    return (
      <img
        src={business.logoUrl}
        alt={`${business.name} logo`}
        width={48}
        height={48}
        className={styles.logo}
      />
    );
  }
  return (
    <div aria-hidden className={styles.mark} data-testid="business-mark">
      {business && <PathIcon path={ICONS.home} className={styles.icon} />}
    </div>
  );
}

/**
 * A contractor's public calculator page: header, hero, the calculator, reasons, stats, footer.
 * Plain HTML and CSS (share-page.module.css), painted in the brand's shade by the custom
 * properties brandStyle() sets on it.
 */
export function SharePageLayout({ business: known, calculator, style }: SharePageLayoutProps) {
  // Below the fold, the generic name stands in until the contractor's arrives.
  const business = known ?? { name: FALLBACK_BUSINESS_NAME, address: '', logoUrl: null };
  return (
    <div className={styles.page} style={style}>
      <header aria-busy={known ? undefined : true} className={styles.header}>
        <div className={`${styles.container} ${styles.headerRow}`}>
          <BusinessMark business={known} />
          {/* One line each (cut with an ellipsis), so the name arriving moves nothing below. */}
          <div className={styles.business} style={known ? undefined : { visibility: 'hidden' }}>
            <p title={business.name} className={`${styles.line} ${styles.businessName}`}>
              {business.name}
            </p>
            <p title={business.address} className={`${styles.line} ${styles.businessAddress}`}>
              {business.address || '\u00a0'}
            </p>
          </div>
        </div>
      </header>

      <main>
        <section aria-labelledby="share-hero-title" className={styles.hero}>
          <div className={`${styles.container} ${styles.narrow}`}>
            <h1 id="share-hero-title" className={styles.heroTitle}>
              Get Your Instant Roof Estimate
            </h1>
            <p className={styles.heroText}>
              Find out what a new roof for your home costs in about a minute, with your roof
              measured from satellite imagery. Free, with no obligation.
            </p>
          </div>
        </section>

        <section
          aria-label="Roof estimate calculator"
          className={`${styles.container} ${styles.narrow} ${styles.calculator}`}
        >
          {calculator}
        </section>

        <section
          aria-labelledby="why-choose-title"
          className={`${styles.container} ${styles.reasons}`}
        >
          {/* Hidden until the name arrives: near a phone's fold, the heading rewrapping around
              the real name was the page's one layout shift. */}
          <h2
            id="why-choose-title"
            className={styles.sectionTitle}
            style={known ? undefined : { visibility: 'hidden' }}
          >
            Why Choose {business.name}
          </h2>
          <div className={styles.reasonGrid}>
            {reasons(business.name).map(({ icon, title, text }) => (
              <div key={title} className={styles.reason}>
                <div aria-hidden className={styles.reasonIcon}>
                  <PathIcon path={icon} className={styles.icon} />
                </div>
                <h3 className={styles.reasonTitle}>{title}</h3>
                <p className={styles.reasonText}>{text}</p>
              </div>
            ))}
          </div>
        </section>

        <section aria-label="At a glance" className={styles.stats}>
          <div className={styles.container}>
            <dl className={styles.statGrid}>
              {STATS.map((stat) => (
                <div key={stat.label} className={styles.stat}>
                  <dt className={styles.statLabel}>{stat.label}</dt>
                  <dd className={styles.statValue}>{stat.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
      </main>

      <footer className={styles.footer}>
        <div className={`${styles.container} ${styles.footerRow}`}>
          <div>
            <p className={styles.footerName}>{business.name}</p>
            <p className={styles.footerText}>{business.address}</p>
            <p className={`${styles.footerMuted} ${styles.footerCopyright}`}>
              © {new Date().getFullYear()} {business.name.replace(/\.$/, '')}. All rights reserved.
            </p>
          </div>
          <p className={styles.footerMuted}>
            Estimates by{' '}
            {/* A new tab: the homeowner's estimate stays as it is, and inside a contractor's
                frame the rest of Rafter never opens. */}
            <a href={APP_ROUTES.home} target="_blank" rel="noopener" className={styles.footerLink}>
              Rafter
            </a>
          </p>
        </div>
      </footer>
    </div>
  );
}
