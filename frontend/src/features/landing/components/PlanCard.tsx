import type { Plan } from '@rafter/domain/plans';
import { formatMonthlyPrice } from './format-price';
import { Icon } from './Icon';
import styles from './landing.module.css';

function formatLeadLimit(limit: number | null): string {
  return limit === null ? 'Unlimited leads' : `${limit} leads per month`;
}

interface PlanCardProps {
  plan: Plan;
  /** The card's button; without it the card only describes the plan. */
  onSelect?: (plan: Plan) => void;
  onIntent?: () => void;
}

export function PlanCard({ plan, onSelect, onIntent }: PlanCardProps) {
  const titleId = `plan-${plan.id}-title`;
  const highlighted = plan.mostPopular;

  return (
    <article
      aria-labelledby={titleId}
      className={highlighted ? `${styles.plan} ${styles.planHighlighted}` : styles.plan}
    >
      {highlighted && (
        <div className={styles.popular}>
          <span className={styles.chipLabel}>Most Popular</span>
        </div>
      )}
      <h3 id={titleId} className={styles.planName}>
        {plan.name}
      </h3>
      <div className={styles.priceRow}>
        <p className={styles.price}>{formatMonthlyPrice(plan.priceCents)}</p>
        <span className={styles.perMonth}>/month</span>
      </div>
      <p className={styles.leadLimit}>{formatLeadLimit(plan.monthlyLeadLimit)}</p>
      <ul className={styles.planFeatures}>
        {plan.features.map((feature) => (
          <li key={feature} className={styles.planFeature}>
            <Icon name="check" className={styles.planFeatureIcon} />
            <p className={styles.body2}>{feature}</p>
          </li>
        ))}
      </ul>
      {onSelect && (
        <div className={styles.planAction}>
          <button
            type="button"
            className={`${styles.button} ${styles.large} ${styles.fullWidth} ${
              highlighted ? styles.contained : styles.outlined
            }`}
            onClick={() => onSelect(plan)}
            onPointerEnter={onIntent}
            onFocus={onIntent}
          >
            Choose {plan.name}
          </button>
        </div>
      )}
    </article>
  );
}
