import { Module, type OnModuleInit } from '@nestjs/common';
import { MailerModule } from '../../core/mailer/mailer.module';
import { JobHandlers } from '../../core/queue/job-handlers';
import { EmailTokensRepository } from '../auth/email-tokens.repository';
import {
  CONFIRMATION_REQUESTED,
  PASSWORD_RESET_REQUESTED,
} from '../auth/events/account-email-requested.event';
import { LEAD_CAPTURED } from '../leads/events/lead-captured.event';
import { AccountEmailsService } from './account-emails.service';
import { NotifyNewLeadJob } from './jobs/notify-new-lead.job';
import { SendAccountEmailJob } from './jobs/send-account-email.job';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/** The worker's side of notifications: the jobs that send e-mail. */
@Module({
  imports: [MailerModule],
  providers: [
    NotificationsRepository,
    NotificationsService,
    NotifyNewLeadJob,
    EmailTokensRepository,
    AccountEmailsService,
    SendAccountEmailJob,
  ],
})
export class NotificationsWorkerModule implements OnModuleInit {
  constructor(
    private readonly handlers: JobHandlers,
    private readonly notifyNewLead: NotifyNewLeadJob,
    private readonly sendAccountEmail: SendAccountEmailJob,
  ) {}

  onModuleInit(): void {
    this.handlers.register(LEAD_CAPTURED, (data, job) =>
      // The outbox row's id, so a run after a crash is recognised as the same job.
      this.notifyNewLead.run(data, job.id ?? job.name),
    );
    for (const topic of [CONFIRMATION_REQUESTED, PASSWORD_RESET_REQUESTED] as const) {
      this.handlers.register(topic, (data) => this.sendAccountEmail.run(topic, data));
    }
  }
}
