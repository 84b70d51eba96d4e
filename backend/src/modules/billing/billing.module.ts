import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { LeadsModule } from '../leads/leads.module';
import { BillingController } from './billing.controller';
import { BillingRepository } from './billing.repository';
import { BillingService } from './billing.service';
import { StripeWebhookController } from './stripe-webhook.controller';
import { STRIPE_CLIENT, stripeClientProvider } from './stripe.provider';
import { SubscriptionSyncService } from './subscription-sync.service';

/**
 * Stripe checkout, subscription changes, webhooks and refunds. Each stored change is announced
 * (`subscription.changed`); what a plan allows is PlansModule's, the lead allowance LeadsModule's.
 */
@Module({
  imports: [LeadsModule],
  providers: [stripeClientProvider, BillingRepository, BillingService, SubscriptionSyncService],
  exports: [BillingService, SubscriptionSyncService, STRIPE_CLIENT],
})
export class BillingModule {}

/** The api's billing routes and Stripe's webhook. */
@Module({
  imports: [BillingModule, AuthModule],
  controllers: [BillingController, StripeWebhookController],
})
export class BillingApiModule {}
