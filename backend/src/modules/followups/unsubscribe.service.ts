import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { LeadsService } from '../leads/leads.service';
import { FollowupsRepository } from './followups.repository';
import { senderName } from './sender-name';
import { type UnsubscribeSubject, UnsubscribeTokens } from './unsubscribe-token';

/** Where unsubscribe links point (GET shows a confirmation, POST unsubscribes). */
export const UNSUBSCRIBE_PATH = '/api/email/unsubscribe';

export type UnsubscribeResult =
  /** Not a token we signed. */
  | { outcome: 'invalid' }
  /** Genuine, but the lead it names is gone (deleted on the homeowner's request). */
  | { outcome: 'gone' }
  | { outcome: 'ok'; businessName: string; alreadyUnsubscribed: boolean };

/**
 * Homeowners leaving a contractor's e-mails: signed links, the per-contractor suppression list
 * every homeowner e-mail is checked against, and the timeline entry on the homeowner's latest
 * lead of that contractor.
 */
@Injectable()
export class UnsubscribeService {
  private readonly logger = new Logger(UnsubscribeService.name);
  private readonly tokens: UnsubscribeTokens;

  constructor(
    private readonly repository: FollowupsRepository,
    private readonly leads: LeadsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tokens = new UnsubscribeTokens(config.AUTH_SECRET);
  }

  /** The link for an e-mail about `subject.leadId`. */
  url(subject: UnsubscribeSubject): string {
    const url = new URL(UNSUBSCRIBE_PATH, this.config.PUBLIC_URL);
    url.searchParams.set('token', this.tokens.sign(subject));
    return url.href;
  }

  /** What the confirmation page says, changing nothing (mail scanners follow links). */
  async preview(token: string): Promise<UnsubscribeResult> {
    const found = await this.find(token);
    if (found.outcome !== 'found') return found;
    return {
      outcome: 'ok',
      businessName: found.businessName,
      alreadyUnsubscribed: await this.repository.isSuppressed(found.ownerId, found.email),
    };
  }

  /** Puts the address on the contractor's suppression list; a second time changes nothing. */
  async unsubscribe(token: string): Promise<UnsubscribeResult> {
    const found = await this.find(token);
    if (found.outcome !== 'found') return found;
    const entryId = await this.repository.suppress(found.ownerId, found.email, 'unsubscribed');
    if (entryId) {
      this.logger.log({ ownerId: found.ownerId, leadId: found.leadId }, 'Homeowner unsubscribed');
      const latest = await this.leads.latestLeadIdByEmail(found.ownerId, found.email);
      if (latest)
        await this.leads.recordSystemEvent(found.ownerId, latest, 'unsubscribed', entryId);
    }
    return { outcome: 'ok', businessName: found.businessName, alreadyUnsubscribed: !entryId };
  }

  private async find(
    token: string,
  ): Promise<
    | { outcome: 'invalid' | 'gone' }
    | (UnsubscribeSubject & { outcome: 'found'; email: string; businessName: string })
  > {
    const subject = this.tokens.verify(token);
    if (!subject) return { outcome: 'invalid' };
    const [email, sender] = await Promise.all([
      this.leads.homeownerEmail(subject.ownerId, subject.leadId),
      this.repository.sender(subject.ownerId),
    ]);
    if (!email || !sender) return { outcome: 'gone' };
    return { outcome: 'found', ...subject, email, businessName: senderName(sender) };
  }
}
