import { Link as RouterLink } from 'react-router';
import { APP_ROUTES } from '@rafter/domain/routes';
import styles from './brand-logo.module.css';

interface BrandLogoProps {
  /** Colour of the word mark; the mark itself stays brand green. */
  tone?: 'dark' | 'light';
}

/** The Rafter mark and name, linking home. */
export function BrandLogo({ tone = 'dark' }: BrandLogoProps) {
  return (
    <RouterLink
      to={APP_ROUTES.home}
      aria-label="Rafter home"
      className={tone === 'dark' ? styles.logo : `${styles.logo} ${styles.light}`}
    >
      <svg viewBox="0 0 64 64" aria-hidden className={styles.mark}>
        <rect width="64" height="64" rx="14" fill="#16a34a" />
        <path
          d="M12 33 32 15l20 18"
          fill="none"
          stroke="#fff"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path
          d="M19 31v17h26V31"
          fill="none"
          stroke="#fff"
          strokeWidth="5"
          strokeLinejoin="round"
        />
        <path d="M28 48V38h8v10" fill="#fff" />
      </svg>
      Rafter
    </RouterLink>
  );
}
