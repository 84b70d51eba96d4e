import { Inject, Injectable, Logger } from '@nestjs/common';
import { newLeadReminderDueAt } from '@rafter/domain/lead-reminders';
import { canUseFeature } from '@rafter/domain/plans';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { MailerService } from '../../core/mailer/mailer.service';
import { type FollowUpLead, FollowUpsRepository } from './follow-ups.repository';
import { leadReminderMail } from './lead-reminder.template';

export type ReminderOutcome =
  | 'scheduled'
  | 'sent'
  | 'lead-not-found'
  | 'reminders-off'
  | 'not-on-plan'
  | 'no-longer-new'
  | 'already-reminded';

/**
 * Speed to lead: when a lead stays New for the contractor's chosen minutes of business hours
 * (profile setting, Smart and Instant), the contractor gets one reminder e-mail and the lead's
 * timeline says so. Scheduled when the lead is captured, as an outbox event due later; decided
 * again when it is due (the lead may have been contacted, the setting or the plan changed).
 */
@Injectable()
export class NewLeadRemindersService {
  private readonly logger = new Logger(NewLeadRemindersService.name);

  constructor(
    private readonly repository: FollowUpsRepository,
    private readonly mailer: MailerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** On `lead.captured` (FollowUpStepsJob): the reminder's event, due when the time is up. */
  async schedule(lead: FollowUpLead, now = new Date()): Promise<ReminderOutcome> {
    const skipped = this.skipReason(lead, now);
    if (skipped) return skipped;
    const dueAt = newLeadReminderDueAt(lead.createdAt, lead.reminderMinutes, lead.timeZone);
    await this.repository.scheduleReminder(lead, dueAt);
    return 'scheduled';
  }

  /**
   * Sends the reminder when it is still wanted, then writes its timeline entry. No lock is held
   * while the mail server answers (up to a minute when it is slow): the lead's row held meanwhile
   * stopped the contractor's status changes and the homeowner's booking of that lead, and with
   * it every booking of the contractor. The entry is written once, under the lead's lock, so the
   * event delivered twice shows one reminder; a second send in that case, or after a crash
   * before the entry, carries the same Message-ID, which mail clients show once.
   */
  async remind(leadId: string, now = new Date()): Promise<ReminderOutcome> {
    const lead = await this.repository.find(leadId);
    if (!lead) return 'lead-not-found';
    const skipped = this.skipReason(lead, now);
    if (skipped) return skipped;
    await this.mailer.send({
      ...leadReminderMail({
        publicUrl: this.config.PUBLIC_URL,
        owner: lead.owner,
        lead,
        minutes: lead.reminderMinutes,
      }),
      messageId: `<lead-reminder.${lead.id}@${new URL(this.config.PUBLIC_URL).hostname}>`,
    });
    const recorded = await this.repository.recordReminderOnce(lead);
    if (!recorded) return 'already-reminded';
    this.logger.log({ leadId: lead.id, ownerId: lead.ownerId }, 'Still-New reminder sent');
    return 'sent';
  }

  private skipReason(lead: FollowUpLead, now: Date): ReminderOutcome | null {
    if (lead.reminded) return 'already-reminded';
    if (lead.status !== 'new' || lead.hidden) return 'no-longer-new';
    if (lead.reminderMinutes <= 0) return 'reminders-off';
    if (!canUseFeature(lead.subscription, 'followups', now)) return 'not-on-plan';
    return null;
  }
}
