import { Module } from '@nestjs/common';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { DevMailbox } from './dev-mailbox';
import { MailerService } from './mailer.service';

/** E-mail delivery and, for development, the on-disk mailbox it falls back to. */
@Module({
  providers: [
    {
      provide: DevMailbox,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new DevMailbox(join(config.DATA_DIR, 'mailbox')),
    },
    MailerService,
  ],
  exports: [MailerService, DevMailbox],
})
export class MailerModule {}
