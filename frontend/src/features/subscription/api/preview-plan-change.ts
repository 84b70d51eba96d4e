import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  PlanChangePreview,
  PlanChangePreviewInput,
  PlanChangeTiming,
} from '@rafter/domain/billing';
import type { PlanId } from '@rafter/domain/plans';
import { api } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** What changing to another plan would cost, from Stripe's invoice preview; changes nothing. */
export function previewPlanChange(input: PlanChangePreviewInput): Promise<PlanChangePreview> {
  return api.post<PlanChangePreview>('/api/billing/plan-change-preview', input, { auth: true });
}

/**
 * The preview for `plan` (none while null). Always fetched fresh, since its proration time is
 * what the change will be charged at; switching the timing keeps the last numbers on screen
 * until the new ones arrive.
 */
export function usePlanChangePreview(plan: PlanId | null, timing: PlanChangeTiming | undefined) {
  return useQuery({
    queryKey: billingKeys.planChangePreview(plan, timing),
    queryFn: () =>
      previewPlanChange({ newProductId: plan!, ...(timing === undefined ? {} : { timing }) }),
    enabled: plan !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
