import { Link as RouterLink } from 'react-router';
import { APP_ROUTES } from '@rafter/domain/routes';
import { CONTACT_EMAIL } from '../lib/contact';
import { BrandLogo } from './BrandLogo';
import styles from './site-footer.module.css';

/** The site's footer: the mark, what Rafter is, contact and legal links, the year. */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.container}>
        <div className={styles.top}>
          <div className={styles.about}>
            <BrandLogo tone="light" />
            <p className={styles.muted}>
              Instant roof-replacement estimates for your website, and a CRM for the leads they
              bring in.
            </p>
          </div>
          <nav aria-label="Footer">
            <ul className={styles.links}>
              <li>
                <a href={`mailto:${CONTACT_EMAIL}`} className={styles.link}>
                  Contact
                </a>
              </li>
              <li>
                <RouterLink to={APP_ROUTES.terms} className={styles.link}>
                  Terms of Service
                </RouterLink>
              </li>
              <li>
                <RouterLink to={APP_ROUTES.privacy} className={styles.link}>
                  Privacy Policy
                </RouterLink>
              </li>
            </ul>
          </nav>
        </div>
        <hr className={styles.rule} />
        <p className={styles.muted}>© {new Date().getFullYear()} Rafter. All rights reserved.</p>
      </div>
    </footer>
  );
}
