import { Module } from '@nestjs/common';
import { PlanAccessService } from './plan-access.service';
import { PlansRepository } from './plans.repository';

/**
 * What a contractor's plan allows, for every module: feature gating and the plan the lead
 * allowance follows. Billing changes plans (through Stripe) and announces each change
 * (`subscription.changed`); this module only reads them, so any module may import it.
 */
@Module({
  providers: [PlanAccessService, PlansRepository],
  exports: [PlanAccessService],
})
export class PlansModule {}
