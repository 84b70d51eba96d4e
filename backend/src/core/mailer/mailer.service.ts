import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { DevMailbox } from './dev-mailbox';
import {
  fromWithName,
  MailDeliveryError,
  type MailMessage,
  type MailTransport,
  type SentMail,
} from './mail-message';
import { SmtpTransport } from './smtp-transport';

/**
 * Sends e-mail: over SMTP when SMTP_URL is set, otherwise into the dev mailbox. Logs only the
 * message id and template name, never recipients or content.
 */
@Injectable()
export class MailerService implements OnModuleDestroy {
  private readonly logger = new Logger(MailerService.name);
  private readonly transport: MailTransport;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    mailbox: DevMailbox,
  ) {
    this.transport = config.SMTP_URL
      ? new SmtpTransport(config.SMTP_URL, config.WORKER_CONCURRENCY)
      : mailbox;
    if (!config.SMTP_URL && config.isProduction) {
      this.logger.warn('SMTP_URL is not set: e-mails are stored in the dev mailbox, not delivered');
    }
  }

  /**
   * Delivers one message. Rejects with a MailDeliveryError (no addresses in its message) when the
   * server refuses it or cannot be reached, so the caller's job can retry.
   */
  async send(message: MailMessage): Promise<SentMail> {
    const template = message.template ?? 'unnamed';
    const started = performance.now();
    try {
      const from = message.fromName
        ? fromWithName(this.config.MAIL_FROM, message.fromName)
        : this.config.MAIL_FROM;
      const sent = await this.transport.deliver(message, from);
      this.logger.log(
        { messageId: sent.messageId, template, ms: Math.round(performance.now() - started) },
        'E-mail sent',
      );
      return sent;
    } catch (error) {
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      const failure = new MailDeliveryError(code, responseCode);
      this.logger.warn({ template, err: failure.message }, 'E-mail not sent');
      throw failure;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.transport.close();
  }
}
