import { Injectable } from '@nestjs/common';
import {
  canUseFeature,
  type Feature,
  FEATURES,
  isSubscriptionActive,
  lowestPlanWithFeature,
  planLevel,
  type PlanId,
  type PlanLevel,
  type SubscriptionState,
} from '@rafter/domain/plans';
import { UpgradeRequiredException } from './plans.exception';
import { PlansRepository } from './plans.repository';

export interface PlanAccess {
  plan: PlanId | null;
  active: boolean;
  level: PlanLevel;
}

/**
 * The API side of feature gating, for every module: the same domain rule the UI uses for its
 * locks, answered from the caller's subscription row.
 */
@Injectable()
export class PlanAccessService {
  constructor(private readonly repository: PlansRepository) {}

  async forUser(userId: string, now = new Date()): Promise<PlanAccess> {
    const state = await this.state(userId);
    return {
      plan: state.plan,
      active: isSubscriptionActive(state, now),
      level: planLevel(state, now),
    };
  }

  /** Throws 403 'upgrade_required' naming the lowest plan with the feature. */
  async assertFeature(userId: string, feature: Feature, now = new Date()): Promise<void> {
    if (canUseFeature(await this.state(userId), feature, now)) return;
    throw new UpgradeRequiredException(
      `${FEATURES[feature].label} needs the ${lowestPlanWithFeature(feature).name} plan or higher`,
    );
  }

  /** The contractor's plan, status and period end (no plan when there is no subscription). */
  async state(userId: string): Promise<SubscriptionState> {
    const record = await this.repository.findState(userId);
    return record ?? { plan: null, status: null, currentPeriodEnd: null };
  }
}
