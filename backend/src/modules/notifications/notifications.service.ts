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
   * E-mails the contractor about a new lead, at most once per lead: the lead is claimed
   * (notified_at) before sending and released if sending fails, so a retry sends it and a
   * duplicate event does not. A crash between the claim and the send loses that one e-mail
   * rather than risking a second one.
   */
  async notifyNewLead(leadId: string): Promise<NewLeadNotificationOutcome> {
    const lead = await this.repository.findLeadForNotification(leadId);
    if (!lead) return 'lead-not-found';
    if (lead.owner.businessProfile?.notifyNewLeads === false) return 'notifications-off';

    if (!(await this.repository.claimLeadNotification(leadId))) {
      this.logger.log({ leadId }, 'Lead already notified; skipping');
      return 'already-notified';
    }
    const { owner, ...details } = lead;
    const message = newLeadMail({
      publicUrl: this.config.PUBLIC_URL,
      owner: {
        email: owner.email,
        fullName: owner.fullName,
        businessName: owner.businessProfile?.businessName ?? null,
      },
      lead: details,
    });
    try {
      await this.mailer.send(message);
    } catch (error) {
      await this.repository.releaseLeadNotification(leadId);
      throw error;
    }
    return 'sent';
  }
}
