import { Inject, Injectable } from '@nestjs/common';
import { type FollowUpStep, renderFollowUp } from '@rafter/domain/follow-ups';
import { formatUsPhone } from '@rafter/domain/lead';
import { type TextSendResult } from '@rafter/domain/texts';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { MailerService } from '../../core/mailer/mailer.service';
import { HomeownerMessagesService } from '../followups/homeowner-messages.service';
import { TextsService } from '../texts/texts.service';
import { followUpValues } from './follow-up-values';
import { type FollowUpLead } from './follow-ups.repository';

/** What sending a step came to: sent, skipped for a reason, or due again later (quiet hours). */
export type StepResult =
  | { kind: 'sent'; messageId: string; summary: string }
  | { kind: 'skipped'; reason: string }
  | { kind: 'deferred'; retryAt: Date };

/** Sends one step of a lead's sequence on its channel. */
@Injectable()
export class FollowUpChannels {
  constructor(
    private readonly mailer: MailerService,
    private readonly texts: TextsService,
    private readonly homeowners: HomeownerMessagesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(
    lead: FollowUpLead,
    index: number,
    step: FollowUpStep,
    now: Date,
  ): Promise<StepResult> {
    const brand = this.homeowners.brandOf({
      ownerEmail: lead.owner.email,
      ownerName: lead.owner.fullName,
      businessName: lead.owner.businessName,
      postalAddress: lead.postalAddress,
      logoUrl: lead.logoUrl,
      brandColor: lead.brandColor,
      phone: lead.contractorPhone,
    });
    const values = followUpValues(lead, brand.phone ? formatUsPhone(brand.phone) : null);
    const body = renderFollowUp(step.body, values);
    if (step.channel === 'text') {
      const result = await this.texts.sendToHomeowner({
        ownerId: lead.ownerId,
        leadId: lead.id,
        body,
        // One text per lead and step, however often the step runs.
        idempotencyKey: `follow-up:${lead.id}:${index}`,
        now,
      });
      return textResult(result, body);
    }
    const subject = renderFollowUp(step.subject, values);
    const messageId = `<follow-up.${lead.id}.${index}@${new URL(this.config.PUBLIC_URL).hostname}>`;
    const message = await this.homeowners.followUpEmail({
      brand,
      ownerId: lead.ownerId,
      leadId: lead.id,
      to: lead.email,
      subject,
      body,
    });
    await this.mailer.send({ ...message, messageId });
    return { kind: 'sent', messageId, summary: subject };
  }
}

const TEXT_NOT_SENT: Record<Exclude<TextSendResult, { sent: true }>['reason'], string> = {
  not_enabled: 'text messages are not available on this account',
  no_consent: 'the homeowner did not agree to texts',
  suppressed: 'the homeowner replied STOP to texts',
  invalid_number: "the homeowner's phone number cannot receive texts",
  quiet_hours: 'it is outside 8 am-9 pm where the homeowner lives',
};

function textResult(result: TextSendResult, body: string): StepResult {
  if (result.sent) {
    const summary = body.length > 80 ? `${body.slice(0, 79)}…` : body;
    return { kind: 'sent', messageId: result.messageId, summary };
  }
  if (result.reason === 'quiet_hours' && result.retryAt) {
    return { kind: 'deferred', retryAt: result.retryAt };
  }
  return { kind: 'skipped', reason: TEXT_NOT_SENT[result.reason] };
}
