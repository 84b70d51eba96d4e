import { Inject, Injectable } from '@nestjs/common';
import { type EventPayload } from '@rafter/domain/events';
import { APP_CONFIG, type AppConfig } from '../../../config/config';
import { type EventContext, OnEvent } from '../../../core/events/on-event.decorator';
import { MailerService } from '../../../core/mailer/mailer.service';
import { WebhooksRepository } from '../webhooks.repository';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Handles `webhook-endpoint.disabled`: tells the contractor their endpoint stopped receiving. */
@Injectable()
export class NotifyEndpointDisabledJob {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly mailer: MailerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnEvent('webhook-endpoint.disabled')
  async run(
    { endpointId }: EventPayload<'webhook-endpoint.disabled'>,
    { id }: EventContext,
  ): Promise<{ outcome: string }> {
    const endpoint = await this.repository.findEndpointOwner(endpointId);
    if (!endpoint) return { outcome: 'endpoint_deleted' };
    const link = `${this.config.PUBLIC_URL}/dashboard?tab=integrations`;
    const text =
      `Rafter could not deliver webhooks to ${endpoint.url} for three days, so we stopped ` +
      `sending to it.\n\nFix the receiver, then turn the endpoint back on and resend the failed ` +
      `deliveries from the Integrations tab: ${link}\n`;
    await this.mailer.send({
      to: endpoint.owner.email,
      subject: 'Your Rafter webhook endpoint was disabled',
      text,
      html:
        `<p>Rafter could not deliver webhooks to <strong>${escapeHtml(endpoint.url)}</strong> ` +
        `for three days, so we stopped sending to it.</p><p>Fix the receiver, then turn the ` +
        `endpoint back on and resend the failed deliveries from the ` +
        `<a href="${escapeHtml(link)}">Integrations tab</a>.</p>`,
      template: 'webhook-endpoint-disabled',
      messageId: `<webhook-disabled.${id}@${new URL(this.config.PUBLIC_URL).hostname}>`,
    });
    return { outcome: 'sent' };
  }
}
