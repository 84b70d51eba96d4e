import type { PlanChangeTiming } from '@rafter/domain/billing';
import type { PlanId } from '@rafter/domain/plans';

/** Query keys of the billing feature. */
export const billingKeys = {
  all: ['billing'] as const,
  subscription: () => [...billingKeys.all, 'subscription'] as const,
  planChangePreview: (plan: PlanId | null, timing: PlanChangeTiming | undefined) =>
    [...billingKeys.all, 'plan-change-preview', plan, timing ?? 'default'] as const,
};
