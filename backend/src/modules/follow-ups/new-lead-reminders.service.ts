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
   * Sends the reminder when it is still wanted. The lead's row stays locked while the e-mail is
   * sent and its timeline entry written, so the event delivered twice reminds once; a crash
   * between the two sends it again with the same Message-ID, which mail clients show once.
   */
  remind(leadId: string, now = new Date()): Promise<ReminderOutcome> {
    return this.repository.withLockedLead(leadId, async (lead, tx) => {
      if (!lead) return 'lead-not-found';
      const skipped = this.skipReason(lead, now);
      if (skipped) return skipped;
      const message = {
        ...leadReminderMail({
          publicUrl: this.config.PUBLIC_URL,
          owner: lead.owner,
          lead,
          minutes: lead.reminderMinutes,
        }),
        messageId: `<lead-reminder.${lead.id}@${new URL(this.config.PUBLIC_URL).hostname}>`,
      };
      await this.mailer.send(message);
      await this.repository.recordReminder(tx, lead);
      this.logger.log({ leadId: lead.id, ownerId: lead.ownerId }, 'Still-New reminder sent');
      return 'sent';
    });
  }

  private skipReason(lead: FollowUpLead, now: Date): ReminderOutcome | null {
    if (lead.reminded) return 'already-reminded';
    if (lead.status !== 'new' || lead.hidden) return 'no-longer-new';
    if (lead.reminderMinutes <= 0) return 'reminders-off';
    if (!canUseFeature(lead.subscription, 'followups', now)) return 'not-on-plan';
    return null;
  }
}
