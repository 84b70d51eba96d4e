import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/BrandLogo';
import { PromoBanner } from './PromoBanner';
import styles from './landing.module.css';

const NAV_LINKS = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#demo', label: 'Live Demo' },
] as const;

/**
 * Promo banner and header, kept together at the top of the screen while scrolling. `actions`
 * are the account buttons, which the page supplies. Under the spec's 768 px breakpoint the
 * section links give way to them (landing.module.css).
 */
export function LandingHeader({ actions }: { actions?: ReactNode }) {
  return (
    <header className={styles.header}>
      <PromoBanner />
      <div className={styles.container}>
        <div className={styles.toolbar}>
          <BrandLogo />
          <nav aria-label="Main" className={styles.nav}>
            <ul className={styles.navList}>
              {NAV_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className={`${styles.button} ${styles.navLink}`}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {actions && <div className={styles.headerActions}>{actions}</div>}
        </div>
      </div>
    </header>
  );
}
