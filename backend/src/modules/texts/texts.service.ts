import { Inject, Injectable, Logger } from '@nestjs/common';
import { formatEstimateRange } from '@rafter/domain/estimate';
import { formatUsPhone, leadDisplayName } from '@rafter/domain/lead';
import { type Material } from '@rafter/domain/materials';
import { canUseFeature } from '@rafter/domain/plans';
import { homeownerTimeZones, quietHoursCheck } from '@rafter/domain/quiet-hours';
import { MATERIAL_NAMES } from '@rafter/domain/settings';
import {
  DEFAULT_TEXT_SETTINGS,
  homeownerTextBody,
  inboundKeyword,
  OPT_OUT_FOOTER,
  type TextSendResult,
  type TextSettingsView,
  textSettingsSchema,
  type TextSettingsInput,
  toE164,
} from '@rafter/domain/texts';
import { UnrecoverableError } from 'bullmq';
import type twilio from 'twilio';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { PlanAccessService } from '../plans/plan-access.service';
import { TextsException } from './texts.exception';
import { TextsRepository } from './texts.repository';
import { TWILIO_CLIENT } from './twilio.provider';

export interface HomeownerText {
  ownerId: string;
  leadId: string;
  /** The message; the contractor's name and the opt-out line are added when missing. */
  body: string;
  /** One text per key, ever: a retried caller passes the same key and sends nothing twice. */
  idempotencyKey: string;
  now?: Date;
}

export type SpeedToLeadOutcome = 'queued' | 'off' | 'not_enabled' | 'lead-not-found';

export type DeliveryOutcome = 'sent' | 'already-sent' | 'not-found' | 'suppressed' | 'rejected';

/** Twilio's answers that no retry changes: a bad or unreachable number, an opted-out one. */
const PERMANENT_TWILIO_ERRORS = new Set([21211, 21214, 21408, 21610, 21612, 21614, 30003, 30006]);

/**
 * Text messages: to homeowners who agreed to them (the follow-up sequence's text channel), and
 * to the contractor about a new lead (speed to lead). A text is stored with its outbox event
 * and sent by the worker through Twilio; replies (STOP, HELP, START) come back through the
 * inbound webhook. docs/texts.md describes the rules.
 */
@Injectable()
export class TextsService {
  private readonly logger = new Logger(TextsService.name);

  constructor(
    private readonly repository: TextsRepository,
    private readonly plans: PlanAccessService,
    @Inject(TWILIO_CLIENT) private readonly twilio: twilio.Twilio | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Queues a text to the lead's homeowner, or says why not: texts off or not in the plan, no
   * consent, the number opted out or invalid, or outside 8 am-9 pm where the homeowner lives
   * (then `retryAt` is the next allowed moment). The same idempotency key never sends twice.
   */
  async sendToHomeowner(text: HomeownerText): Promise<TextSendResult> {
    const now = text.now ?? new Date();
    const owner = await this.repository.findOwner(text.ownerId);
    if (!owner) throw new TextsException('lead_not_found');
    const lead = await this.repository.findLead(text.ownerId, text.leadId);
    if (!lead) throw new TextsException('lead_not_found');
    if (!this.config.textsEnabled || !canUseFeature(owner.subscription, 'followups', now)) {
      return { sent: false, reason: 'not_enabled' };
    }
    if (!lead.textConsentAt) return { sent: false, reason: 'no_consent' };
    const to = toE164(lead.phone);
    if (!to) return { sent: false, reason: 'invalid_number' };
    if (await this.repository.isSuppressed(text.ownerId, to)) {
      return { sent: false, reason: 'suppressed' };
    }
    const window = quietHoursCheck(now, homeownerTimeZones(lead.zipCode));
    if (!window.allowed) return { sent: false, reason: 'quiet_hours', retryAt: window.retryAt };
    const { id } = await this.repository.queue({
      ownerId: text.ownerId,
      leadId: lead.id,
      audience: 'homeowner',
      idempotencyKey: text.idempotencyKey,
      to,
      body: homeownerTextBody(owner.name, text.body),
    });
    return { sent: true, messageId: id };
  }

  /**
   * The homeowner's first text after a quote request, when they ticked the consent box: their
   * estimate and who will call. At night where they live it is held until the morning's first
   * allowed moment (`text.welcome-due`), then asked for again under the same key.
   */
  async welcomeHomeowner(
    ownerId: string,
    leadId: string,
    now = new Date(),
  ): Promise<TextSendResult> {
    const lead = await this.repository.findLead(ownerId, leadId);
    if (!lead) return { sent: false, reason: 'no_consent' };
    if (!lead.textConsentAt) return { sent: false, reason: 'no_consent' };
    const material = MATERIAL_NAMES[lead.material as Material] ?? lead.material;
    const result = await this.sendToHomeowner({
      ownerId,
      leadId,
      now,
      idempotencyKey: `lead-welcome:${leadId}`,
      body:
        `Hi ${lead.firstName}, thanks for your roof estimate request: ` +
        `${formatEstimateRange({ low: lead.estimateLow, high: lead.estimateHigh })} for ` +
        `${material.toLowerCase()}. We will be in touch shortly.`,
    });
    if (!result.sent && result.retryAt) {
      await this.repository.scheduleWelcome(ownerId, leadId, result.retryAt);
    }
    return result;
  }

  /**
   * Speed to lead: texts the contractor's mobile about a new lead, when they turned it on and
   * their plan has follow-ups. A locked lead is announced without contact details.
   */
  async notifyContractor(
    ownerId: string,
    leadId: string,
    now = new Date(),
  ): Promise<SpeedToLeadOutcome> {
    const owner = await this.repository.findOwner(ownerId);
    if (!owner) return 'lead-not-found';
    // Most contractors text nothing: their leads are not read at all.
    if (!owner.settings.textNewLeads || !owner.settings.mobilePhone) return 'off';
    const lead = await this.repository.findLead(ownerId, leadId);
    if (!lead) return 'lead-not-found';
    if (!this.config.textsEnabled || !canUseFeature(owner.subscription, 'followups', now)) {
      return 'not_enabled';
    }
    const estimate = formatEstimateRange({ low: lead.estimateLow, high: lead.estimateHigh });
    const link = `${this.config.PUBLIC_URL}/dashboard?tab=leads&lead=${encodeURIComponent(lead.id)}`;
    const body = lead.locked
      ? `Rafter: New lead (locked), estimate ${estimate}, zip ${lead.zipCode}. Upgrade to see it: ${link}`
      : `Rafter: New lead: ${leadDisplayName(lead.firstName, lead.lastName)}, ` +
        `${formatUsPhone(lead.phone)}, estimate ${estimate}. ${link}`;
    await this.repository.queue({
      ownerId,
      leadId,
      audience: 'contractor',
      idempotencyKey: `speed-to-lead:${leadId}`,
      to: owner.settings.mobilePhone,
      body,
    });
    return 'queued';
  }

  /**
   * Sends a queued text through Twilio, once: the job claims it first, marks it sent with
   * Twilio's id, and gives the claim back when sending fails so a retry can send. A homeowner
   * who opted out since it was queued gets nothing. Only a crash between Twilio's acceptance
   * and the mark sends it twice.
   */
  async deliver(textId: string, jobId: string): Promise<DeliveryOutcome> {
    const text = await this.repository.claim(textId, jobId);
    if (text === 'not-found') return 'not-found';
    if (text === 'done') return 'already-sent';
    if (
      text.audience === 'homeowner' &&
      (await this.repository.isSuppressed(text.ownerId, text.to))
    ) {
      await this.repository.finish(text.id, { status: 'skipped', error: 'suppressed' });
      return 'suppressed';
    }
    if (!this.twilio) {
      await this.repository.release(text.id, jobId);
      throw new UnrecoverableError('Texts are not configured (TWILIO_ACCOUNT_SID)');
    }
    try {
      const message = await this.twilio.messages.create({
        to: text.to,
        body: text.body,
        ...(this.config.TWILIO_MESSAGING_SERVICE_SID
          ? { messagingServiceSid: this.config.TWILIO_MESSAGING_SERVICE_SID }
          : { from: this.config.TWILIO_FROM_NUMBER! }),
      });
      await this.repository.finish(text.id, { status: 'sent', providerId: message.sid });
      this.logger.log({ textId, providerId: message.sid }, 'Text sent');
      return 'sent';
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'number' && PERMANENT_TWILIO_ERRORS.has(code)) {
        await this.repository.finish(text.id, { status: 'failed', error: `Twilio ${code}` });
        this.logger.warn({ textId, code }, 'Text refused by Twilio');
        return 'rejected';
      }
      await this.repository.release(text.id, jobId);
      throw error;
    }
  }

  /**
   * An inbound text: STOP (and its synonyms) opts the number out of this contractor's texts,
   * START opts it back in, HELP answers with the contractor's name and how to reach them. The
   * contractor is the one whose text last went to that number. Returns the reply, if any.
   */
  async handleInbound(from: string, body: string): Promise<string | null> {
    const phone = toE164(from);
    const keyword = inboundKeyword(body);
    if (!phone || !keyword) return null;
    const latest = await this.repository.latestTextTo(phone);
    if (!latest) return null;
    const owner = await this.repository.findOwner(latest.ownerId);
    if (!owner) return null;
    switch (keyword) {
      case 'stop': {
        const stopped = await this.repository.suppress(latest.ownerId, phone, latest.leadId);
        this.logger.log(
          { ownerId: latest.ownerId, leadId: latest.leadId, stopped },
          'Texts stopped',
        );
        return `${owner.name}: You are unsubscribed and will receive no more texts from us. Reply START to resubscribe.`;
      }
      case 'start': {
        await this.repository.unsuppress(latest.ownerId, phone, latest.leadId);
        return `${owner.name}: You are resubscribed to texts about your roof estimate. ${OPT_OUT_FOOTER}.`;
      }
      case 'help': {
        const reach = owner.settings.mobilePhone
          ? `call ${formatUsPhone(owner.settings.mobilePhone)} or email ${owner.email}`
          : `email ${owner.email}`;
        return `${owner.name}: Questions about your roof estimate? ${reach}. ${OPT_OUT_FOOTER}.`;
      }
    }
  }

  async settings(userId: string): Promise<TextSettingsView> {
    const owner = await this.repository.findOwner(userId);
    return owner?.settings ?? { ...DEFAULT_TEXT_SETTINGS };
  }

  /** Saves the mobile (E.164) and the speed-to-lead switch; turning it on needs follow-ups. */
  async saveSettings(userId: string, input: TextSettingsInput): Promise<TextSettingsView> {
    const settings = textSettingsSchema.parse(input);
    if (settings.textNewLeads) await this.plans.assertFeature(userId, 'followups');
    return this.repository.saveSettings(userId, settings);
  }
}
