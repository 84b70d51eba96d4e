import { Module } from '@nestjs/common';
import { MailerModule } from '../../core/mailer/mailer.module';
import { OutboxModule } from '../../core/outbox/outbox.module';
import { AuthModule } from '../auth/auth.module';
import { LeadsModule } from '../leads/leads.module';
import { PlansModule } from '../plans/plans.module';
import { NotifyEndpointDisabledJob } from './jobs/notify-endpoint-disabled.job';
import { WebhookEventsJob } from './jobs/webhook-events.job';
import { WebhookDispatcher } from './webhook-dispatcher.service';
import { WebhookEndpointsController } from './webhook-endpoints.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/**
 * Outgoing webhooks (docs/webhooks.md): contractors' endpoints, the fan-out of lead and
 * subscription events into deliveries, and their signed, retried delivery from the worker.
 * WebhooksService is exported for the public API's webhook routes.
 */
@Module({
  imports: [LeadsModule, PlansModule, OutboxModule, MailerModule],
  providers: [
    WebhooksRepository,
    WebhooksService,
    WebhookDispatcher,
    WebhookEventsJob,
    NotifyEndpointDisabledJob,
  ],
  exports: [WebhooksService],
})
export class WebhooksModule {}

/** The dashboard's webhook routes (session only). */
@Module({
  imports: [WebhooksModule, AuthModule],
  controllers: [WebhookEndpointsController],
})
export class WebhooksApiModule {}
