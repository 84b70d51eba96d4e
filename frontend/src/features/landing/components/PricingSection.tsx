import { Link as RouterLink } from 'react-router';
import { BILLING_TERMS, PLAN_LIST, type PlanId } from '@rafter/domain/plans';
import { APP_ROUTES } from '@rafter/domain/routes';
import { LANDING_CLAIMS } from './claims';
import { Icon } from './Icon';
import { PlanCard } from './PlanCard';
import { LandingSection } from './LandingSection';
import styles from './landing.module.css';

interface PricingSectionProps {
  onSelectPlan?: (plan: PlanId) => void;
  /** A pointer or focus reached a plan button: a chance to load what its click needs. */
  onPlanIntent?: () => void;
}

export function PricingSection({ onSelectPlan, onPlanIntent }: PricingSectionProps) {
  return (
    <LandingSection
      id="pricing"
      eyebrow="Pricing"
      title="Simple month-to-month pricing"
      intro={
        <>
          No contracts and no setup fees. Use code <strong>{BILLING_TERMS.promoCode}</strong> for{' '}
          {BILLING_TERMS.promoPercentOff}% off your first month.
        </>
      }
    >
      <div className={styles.plansGrid}>
        {PLAN_LIST.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            onSelect={onSelectPlan && ((chosen) => onSelectPlan(chosen.id))}
            onIntent={onPlanIntent}
          />
        ))}
      </div>
      <ul aria-label="Included with every plan" className={styles.includedList}>
        {LANDING_CLAIMS.map((claim) => (
          <li key={claim} className={styles.included}>
            <Icon name="checkCircle" className={styles.claimIcon} />
            {claim}
          </li>
        ))}
      </ul>
      <div className={styles.guarantee}>
        <Icon name="verifiedUser" className={styles.guaranteeIcon} />
        <p className={styles.body2}>
          Every plan comes with a {BILLING_TERMS.moneyBackDays}-day money-back guarantee.{' '}
          <RouterLink to={`${APP_ROUTES.terms}#refunds`} className={styles.link}>
            See the refund terms
          </RouterLink>
          .
        </p>
      </div>
    </LandingSection>
  );
}
