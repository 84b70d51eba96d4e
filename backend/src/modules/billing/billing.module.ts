import { Module } from '@nestjs/common';
import { LeadsModule } from '../leads/leads.module';
import { AuthModule } from '../auth/auth.module';
import { BillingController } from './billing.controller';
import { BillingRepository } from './billing.repository';
import { BillingService } from './billing.service';
import { PlanAccessService } from './plan-access.service';
import { StripeWebhookController } from './stripe-webhook.controller';
import { stripeClientProvider } from './stripe.provider';
import { SubscriptionSyncService } from './subscription-sync.service';

/**
 * Plans, Stripe checkout, subscription changes, webhooks and refunds. Other modules import it
 * for PlanAccessService (feature gating).
 */
@Module({
  imports: [AuthModule, LeadsModule],
  controllers: [BillingController, StripeWebhookController],
  providers: [
    stripeClientProvider,
    BillingRepository,
    BillingService,
    SubscriptionSyncService,
    PlanAccessService,
  ],
  exports: [PlanAccessService],
})
export class BillingModule {}
