import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionView } from '@rafter/domain/billing';
import {
  canUseFeature,
  lowestPlanWithFeature,
  type Feature,
  type Plan,
} from '@rafter/domain/plans';
import { api } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

export function getSubscription(signal?: AbortSignal): Promise<SubscriptionView> {
  return api.get<SubscriptionView>('/api/billing/subscription', {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export const subscriptionQueryOptions = queryOptions({
  queryKey: billingKeys.subscription(),
  queryFn: ({ signal }) => getSubscription(signal),
});

/** How often, and how many times, a return from checkout re-reads a plan not yet active. */
const ACTIVATION_POLL_MS = 1500;
const ACTIVATION_POLL_ATTEMPTS = 8;

/**
 * The signed-in contractor's plan, status, usage and refund standing. `pollUntilActive` re-reads
 * it for a while after checkout, since Stripe's webhook may arrive after the browser does.
 */
export function useSubscription({ pollUntilActive = false }: { pollUntilActive?: boolean } = {}) {
  return useQuery({
    ...subscriptionQueryOptions,
    refetchInterval: (query) =>
      pollUntilActive &&
      query.state.data?.active !== true &&
      query.state.dataUpdateCount <= ACTIVATION_POLL_ATTEMPTS
        ? ACTIVATION_POLL_MS
        : false,
  });
}

export interface FeatureAccess {
  /** False while the subscription loads or failed to load: nothing unlocks on missing data. */
  allowed: boolean;
  loading: boolean;
  /** The plan the 'Upgrade Required' dialog names. */
  requiredPlan: Plan;
}

/** Whether the contractor may use `feature` now, by the same rule the API enforces. */
export function useFeatureAccess(feature: Feature): FeatureAccess {
  const { data, isPending } = useSubscription();
  return {
    allowed: data !== undefined && canUseFeature(data, feature, new Date()),
    loading: isPending,
    requiredPlan: lowestPlanWithFeature(feature),
  };
}
