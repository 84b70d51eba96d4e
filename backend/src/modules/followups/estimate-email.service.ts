import { Inject, Injectable, Logger } from '@nestjs/common';
import { BOOKING_PAGE_PATH } from '@rafter/domain/calendar';
import { sendsEstimateEmail } from '@rafter/domain/followups';
import { canUseFeature } from '@rafter/domain/plans';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { OnWorkerStart } from '../../core/events/on-event.decorator';
import { BookingTokens } from '../../core/links/booking-tokens';
import { MailerService } from '../../core/mailer/mailer.service';
import { LeadsService } from '../leads/leads.service';
import { PlanAccessService } from '../plans/plan-access.service';
import { FollowupsRepository } from './followups.repository';
import { estimateEmail, precompileEstimateEmail } from './templates/estimate-email.template';
import { HomeownerMessagesService } from './homeowner-messages.service';
import { UnsubscribeService } from './unsubscribe.service';

export type EstimateEmailOutcome =
  | 'sent'
  | 'already-sent'
  /** Another job holds the claim (a duplicated event): it sends, this one does not. */
  | 'being-sent'
  | 'lead-not-found'
  | 'not-a-quote-request'
  | 'lead-locked'
  | 'plan-without-followups'
  | 'setting-off'
  | 'unsubscribed';

const KIND = 'estimate';

/**
 * The homeowner's instant estimate e-mail (docs/followups.md), once per lead: the job claims the
 * lead's message row before sending, marks it sent once the mail server accepted it, and gives
 * the claim back when sending fails. A second event for the lead finds it claimed or sent and
 * sends nothing; the same job run again after a crash takes its claim over and sends, with the
 * same Message-ID, so the rare resend (a crash between acceptance and the mark) shows once.
 */
@Injectable()
export class EstimateEmailService {
  private readonly logger = new Logger(EstimateEmailService.name);
  private readonly bookingTokens: BookingTokens;

  constructor(
    private readonly repository: FollowupsRepository,
    private readonly leads: LeadsService,
    private readonly plans: PlanAccessService,
    private readonly mailer: MailerService,
    private readonly unsubscribe: UnsubscribeService,
    private readonly homeowners: HomeownerMessagesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.bookingTokens = new BookingTokens(config.AUTH_SECRET);
  }

  /** The booking page for this homeowner (a book token, as the quote request's answer has). */
  private bookingUrl(ownerId: string, leadId: string): string {
    const url = new URL(BOOKING_PAGE_PATH, this.config.PUBLIC_URL);
    url.searchParams.set('token', this.bookingTokens.book({ ownerId, leadId }));
    return url.href;
  }

  /** Compiles the templates as the worker starts, off the first e-mail's path. */
  @OnWorkerStart()
  async compileTemplates(): Promise<void> {
    const started = performance.now();
    await precompileEstimateEmail();
    this.logger.log({ ms: Math.round(performance.now() - started) }, 'E-mail templates compiled');
  }

  async send(ownerId: string, leadId: string, jobId: string): Promise<EstimateEmailOutcome> {
    const lead = await this.leads.item(ownerId, leadId);
    if (!lead) return 'lead-not-found';
    if (!sendsEstimateEmail(lead.source)) return 'not-a-quote-request';
    // A locked lead's contact details are hidden from the contractor: a reply would show them.
    if (lead.locked || !lead.email || !lead.address) return 'lead-locked';
    const [state, sender] = await Promise.all([
      this.plans.state(ownerId),
      this.repository.sender(ownerId),
    ]);
    if (!canUseFeature(state, 'followups', new Date())) return 'plan-without-followups';
    if (!sender) return 'lead-not-found';
    if (!sender.estimateEmail) return 'setting-off';

    const claim = await this.repository.claimMessage(ownerId, leadId, KIND, jobId);
    if (claim.outcome === 'busy') return 'being-sent';
    if (claim.outcome === 'sent') {
      // A crash after the mark may have lost the timeline entry; adding it again is a no-op.
      await this.leads.recordSystemEvent(ownerId, leadId, 'estimate_emailed', claim.id);
      return 'already-sent';
    }
    if (claim.outcome === 'skipped') {
      await this.leads.recordSystemEvent(ownerId, leadId, 'estimate_email_suppressed', claim.id);
      return 'unsubscribed';
    }
    if (await this.repository.isSuppressed(ownerId, lead.email)) {
      await this.repository.markSkipped(claim.id, 'unsubscribed');
      await this.leads.recordSystemEvent(ownerId, leadId, 'estimate_email_suppressed', claim.id);
      this.logger.log({ leadId }, 'Estimate e-mail not sent: the homeowner unsubscribed');
      return 'unsubscribed';
    }

    const message = await estimateEmail({
      brand: this.homeowners.brandOf(sender),
      lead: { ...lead, email: lead.email, address: lead.address },
      unsubscribeUrl: this.unsubscribe.url({ ownerId, leadId }),
      // Every plan with the estimate e-mail takes bookings (the page checks the lead again).
      ...(canUseFeature(state, 'calendar', new Date())
        ? { bookingUrl: this.bookingUrl(ownerId, leadId) }
        : {}),
    });
    try {
      await this.mailer.send({
        ...message,
        messageId: `<estimate.${leadId}@${new URL(this.config.PUBLIC_URL).hostname}>`,
      });
    } catch (error) {
      await this.repository.release(claim.id, jobId);
      throw error;
    }
    await this.repository.markSent(claim.id);
    await this.leads.recordSystemEvent(ownerId, leadId, 'estimate_emailed', claim.id);
    return 'sent';
  }
}
