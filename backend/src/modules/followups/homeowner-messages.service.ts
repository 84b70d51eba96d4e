import { Inject, Injectable } from '@nestjs/common';
import { parseBrandColor } from '@rafter/domain/branding';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { OnWorkerStart } from '../../core/events/on-event.decorator';
import type { MailMessage } from '../../core/mailer/mail-message';
import { type SenderRow } from './followups.repository';
import { senderName } from './sender-name';
import { type ContractorBrand } from './templates/homeowner-layout';
import { followUpEmail, precompileFollowUpEmail } from './templates/follow-up-email.template';
import { UnsubscribeService } from './unsubscribe.service';

/**
 * What every homeowner e-mail shares, for the follow-up sequence: the contractor's brand and
 * phone, their layout with the unsubscribe link and headers, and the suppression list.
 */
@Injectable()
export class HomeownerMessagesService {
  constructor(
    private readonly unsubscribe: UnsubscribeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Compiles the follow-up template as the worker starts, off the first e-mail's path. */
  @OnWorkerStart()
  async compileTemplates(): Promise<void> {
    await precompileFollowUpEmail();
  }

  /** The contractor as homeowners see them, from their sender fields read elsewhere. */
  brandOf(sender: Omit<SenderRow, 'estimateEmail'>): ContractorBrand {
    return {
      businessName: senderName(sender),
      email: sender.ownerEmail,
      phone: sender.phone,
      logoUrl: sender.logoUrl ? new URL(sender.logoUrl, this.config.PUBLIC_URL).href : null,
      brandColor: parseBrandColor(sender.brandColor),
      postalAddress: sender.postalAddress,
    };
  }

  followUpEmail(input: {
    brand: ContractorBrand;
    ownerId: string;
    leadId: string;
    to: string;
    subject: string;
    body: string;
  }): Promise<MailMessage> {
    return followUpEmail({
      ...input,
      unsubscribeUrl: this.unsubscribe.url({ ownerId: input.ownerId, leadId: input.leadId }),
    });
  }
}
