import { BILLING_TERMS } from '@rafter/domain/plans';
import { Icon } from './Icon';
import styles from './landing.module.css';

export function PromoBanner() {
  return (
    <div role="note" aria-label="Promotion" className={styles.promo}>
      <Icon name="localOffer" className={styles.promoIcon} />
      <span>
        Use code <strong className={styles.promoCode}>{BILLING_TERMS.promoCode}</strong> for{' '}
        {BILLING_TERMS.promoPercentOff}% off your first month
      </span>
    </div>
  );
}
