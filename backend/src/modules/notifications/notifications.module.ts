import { Module } from '@nestjs/common';
import { MailerModule } from '../../core/mailer/mailer.module';
import { AuthModule } from '../auth/auth.module';
import { AccountEmailsService } from './account-emails.service';
import { NotifyNewLeadJob } from './jobs/notify-new-lead.job';
import { SendAccountEmailJob } from './jobs/send-account-email.job';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/** The e-mails: a contractor's new lead (`lead.captured`) and account links. */
@Module({
  imports: [MailerModule, AuthModule],
  providers: [
    NotificationsRepository,
    NotificationsService,
    NotifyNewLeadJob,
    AccountEmailsService,
    SendAccountEmailJob,
  ],
  exports: [NotificationsService, AccountEmailsService],
})
export class NotificationsModule {}
