import { Module, type OnModuleInit } from '@nestjs/common';
import { MailerModule } from '../../core/mailer/mailer.module';
import { JobHandlers } from '../../core/queue/job-handlers';
import { LEAD_CAPTURED } from '../leads/events/lead-captured.event';
import { NotifyNewLeadJob } from './jobs/notify-new-lead.job';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/** The worker's side of notifications: the jobs that send e-mail. */
@Module({
  imports: [MailerModule],
  providers: [NotificationsRepository, NotificationsService, NotifyNewLeadJob],
})
export class NotificationsWorkerModule implements OnModuleInit {
  constructor(
    private readonly handlers: JobHandlers,
    private readonly notifyNewLead: NotifyNewLeadJob,
  ) {}

  onModuleInit(): void {
    this.handlers.register(LEAD_CAPTURED, (data) => this.notifyNewLead.run(data));
  }
}
