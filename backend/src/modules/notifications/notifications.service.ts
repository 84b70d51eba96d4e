import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { MailerService } from '../../core/mailer/mailer.service';
import { NotificationsRepository } from './notifications.repository';
import { newLeadMail } from './templates/new-lead.template';

export type NewLeadNotificationOutcome =
  'sent' | 'lead-not-found' | 'notifications-off' | 'already-notified';

@Injectable()
export class NotificationsService {
  private readonly logger = new Logger(NotificationsService.name);

  constructor(
    private readonly repository: NotificationsRepository,
    private readonly mailer: MailerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * E-mails the contractor about a new lead, once: the job claims the lead before sending
   * (notify_claim), marks it notified once the mail server accepted the e-mail, and gives the
   * claim back if sending fails. A second event for the lead finds it claimed or notified and
   * sends nothing; the same job run again after a crash (BullMQ re-runs a stalled job) takes
   * its claim over and sends. Only a crash in the moment between the server's acceptance and
   * the mark sends it twice, with the same Message-ID, which mail clients show once.
   */
  async notifyNewLead(leadId: string, jobId: string): Promise<NewLeadNotificationOutcome> {
    const claim = await this.repository.claimForNotification(leadId, jobId);
    if (claim.outcome === 'already-notified') {
      this.logger.log({ leadId }, 'Lead already notified; skipping');
    }
    if (claim.outcome !== 'claimed') return claim.outcome;
    const { owner, ...details } = claim.lead;
    const message = {
      ...newLeadMail({ publicUrl: this.config.PUBLIC_URL, owner, lead: details }),
      messageId: `<new-lead.${leadId}@${new URL(this.config.PUBLIC_URL).hostname}>`,
    };
    try {
      await this.mailer.send(message);
    } catch (error) {
      await this.repository.releaseLeadNotification(leadId, jobId);
      throw error;
    }
    await this.repository.markNotified(leadId);
    return 'sent';
  }
}
