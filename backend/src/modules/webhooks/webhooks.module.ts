import { Module } from '@nestjs/common';
import { MailerModule } from '../../core/mailer/mailer.module';
import { OutboxModule } from '../../core/outbox/outbox.module';
import { AuthModule } from '../auth/auth.module';
import { CalendarModule } from '../calendar/calendar.module';
import { LeadsModule } from '../leads/leads.module';
import { PlansModule } from '../plans/plans.module';
import { NotifyEndpointDisabledJob } from './jobs/notify-endpoint-disabled.job';
import { WebhookEventsJob } from './jobs/webhook-events.job';
import { WebhookDispatcher } from './webhook-dispatcher.service';
import { WebhookEndpointsController } from './webhook-endpoints.controller';
import { WebhookSamplesService } from './webhook-samples.service';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/**
 * Outgoing webhooks (docs/webhooks.md): contractors' endpoints, the fan-out of lead, booking and
 * subscription events into deliveries, and their signed, retried delivery from the worker.
 * WebhooksService and WebhookSamplesService are exported for the public API's webhook and
 * Zapier hook routes.
 */
@Module({
  imports: [LeadsModule, PlansModule, CalendarModule, OutboxModule, MailerModule],
  providers: [
    WebhooksRepository,
    WebhooksService,
    WebhookSamplesService,
    WebhookDispatcher,
    WebhookEventsJob,
    NotifyEndpointDisabledJob,
  ],
  exports: [WebhooksService, WebhookSamplesService],
})
export class WebhooksModule {}

/** The dashboard's webhook routes (session only). */
@Module({
  imports: [WebhooksModule, AuthModule],
  controllers: [WebhookEndpointsController],
})
export class WebhooksApiModule {}
