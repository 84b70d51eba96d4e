import { Inject, Module } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { MailerModule } from '../../core/mailer/mailer.module';
import { DevMailboxController } from './dev-mailbox.controller';
import { DevOnlyGuard } from './dev-mailbox.guard';

/** The api's read-only view of the dev mailbox at /api/dev/mailbox (404 in production). */
@Module({
  imports: [MailerModule],
  controllers: [DevMailboxController],
  providers: [DevOnlyGuard],
})
export class DevMailboxModule {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // Whether the routes are documented depends on run-time config, which a static decorator
    // cannot see. Module instances exist before createApp builds the OpenAPI document, so the
    // flag is set (not appended, as ApiExcludeController would) here, once per app.
    Reflect.defineMetadata(
      DECORATORS.API_EXCLUDE_CONTROLLER,
      [config.isProduction],
      DevMailboxController,
    );
  }
}
