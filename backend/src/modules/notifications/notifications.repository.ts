import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { TOGETHER } from '../../core/database/batching';
import { PrismaService } from '../../core/database/prisma.service';
import { Prisma } from '../../generated/prisma/client';
import { leadColumnsOf } from '../leads/lead-row';
import { type NewLeadMailLead } from './templates/new-lead.template';

/** What a new-lead e-mail says about the lead and who it goes to. */
export interface LeadForNotification extends NewLeadMailLead {
  owner: { email: string; fullName: string | null; businessName: string | null };
}

/** The outcome of claiming a lead's new-lead e-mail. */
export type NotificationClaim =
  | { outcome: 'lead-not-found' | 'notifications-off' | 'already-notified' }
  | { outcome: 'claimed'; lead: LeadForNotification };

interface ClaimRow extends Omit<LeadForNotification, 'owner'> {
  ord: number;
  found: boolean;
  notify: boolean;
  claimed: boolean;
  ownerEmail: string;
  ownerName: string | null;
  businessName: string | null;
}

interface ClaimRequest {
  leadId: string;
  /** The job asking (its id): it may take over a claim it made before it crashed. */
  claim: string;
}

@Injectable()
export class NotificationsRepository {
  private readonly claims = new DataLoader<ClaimRequest, NotificationClaim>(
    (requests) => this.claimMany(requests),
    TOGETHER,
  );
  private readonly sent = new DataLoader<string, void>(async (leadIds) => {
    await this.prisma.rows(Prisma.sql`
      UPDATE leads SET notified_at = now(), notify_claim = NULL
      WHERE id = ANY(${leadIds as string[]}::uuid[])`);
    return leadIds.map(() => undefined);
  }, TOGETHER);

  constructor(private readonly prisma: PrismaService) {}

  /**
   * Claims the lead's new-lead e-mail for the job `claim` and returns what the e-mail needs,
   * unless the lead is gone, its owner turned new-lead e-mails off, it was sent already, or
   * another job is sending it. The job that claimed it may claim it again: after a crash its
   * retry sends the e-mail instead of finding it taken. Jobs running together claim in one
   * statement.
   */
  claimForNotification(leadId: string, claim: string): Promise<NotificationClaim> {
    return this.claims.load({ leadId, claim });
  }

  /** The mail server accepted the e-mail: the lead is notified for good. */
  markNotified(leadId: string): Promise<void> {
    return this.sent.load(leadId);
  }

  /** Who an account e-mail (confirmation, password reset) goes to. */
  findUserForAccountEmail(userId: string) {
    return this.prisma.user.findUnique({
      where: { id: userId },
      select: { email: true, fullName: true, emailVerifiedAt: true },
    });
  }

  /** Gives a claim back after the e-mail could not be sent, so any retry may send it. */
  async releaseLeadNotification(leadId: string, claim: string): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE leads SET notify_claim = NULL
      WHERE id = ${leadId}::uuid AND notify_claim = ${claim} AND notified_at IS NULL`;
  }

  /**
   * One UPDATE for all the leads: a lead two jobs claim at once is updated by one of them only
   * (the other re-reads the row after the first commits and finds it claimed). The same id twice
   * in one batch is claimed for its first caller only.
   */
  private async claimMany(requests: readonly ClaimRequest[]): Promise<NotificationClaim[]> {
    const leadIds = requests.map((request) => request.leadId);
    const rows = await this.prisma.rows<ClaimRow>(Prisma.sql`
      WITH wanted AS (
        SELECT DISTINCT ON (id) id, claim, ord
        FROM unnest(${leadIds}::uuid[], ${requests.map((request) => request.claim)}::text[])
          WITH ORDINALITY AS q(id, claim, ord)
        ORDER BY id, ord
      ), target AS (
        SELECT l.id, w.claim, COALESCE(p.notify_new_leads, true) AS notify
        FROM wanted w JOIN leads l ON l.id = w.id
        LEFT JOIN business_profiles p ON p.user_id = l.owner_id
      ), claimed AS (
        UPDATE leads l SET notify_claim = t.claim
        FROM target t
        WHERE l.id = t.id AND t.notify AND l.notified_at IS NULL
          AND (l.notify_claim IS NULL OR l.notify_claim = t.claim)
        RETURNING l.id
      )
      SELECT w.ord::int AS ord, l.id IS NOT NULL AS found, COALESCE(t.notify, false) AS notify,
        c.id IS NOT NULL AS claimed, ${leadColumnsOf('l')}, u.email AS "ownerEmail",
        u.full_name AS "ownerName", p.business_name AS "businessName"
      FROM wanted w
      LEFT JOIN leads l ON l.id = w.id
      LEFT JOIN target t ON t.id = w.id
      LEFT JOIN claimed c ON c.id = w.id
      LEFT JOIN users u ON u.id = l.owner_id
      LEFT JOIN business_profiles p ON p.user_id = l.owner_id`);
    const byOrd = new Map(rows.map((row) => [row.ord, row]));
    const outcomes = leadIds.map((_, index) => claimOf(byOrd.get(index + 1)));
    // A repeat of an id earlier in the batch (no row of its own) fares as that first caller
    // did, except that only the first one sends.
    return leadIds.map((id, index) => {
      if (byOrd.has(index + 1)) return outcomes[index]!;
      const first = outcomes[leadIds.indexOf(id)]!;
      return first.outcome === 'claimed' ? { outcome: 'already-notified' } : first;
    });
  }
}

function claimOf(row: ClaimRow | undefined): NotificationClaim {
  if (!row?.found) return { outcome: 'lead-not-found' };
  if (!row.notify) return { outcome: 'notifications-off' };
  if (!row.claimed) return { outcome: 'already-notified' };
  const { ord: _ord, found: _found, notify: _notify, claimed: _claimed, ...rest } = row;
  const { ownerEmail, ownerName, businessName, ...lead } = rest;
  return {
    outcome: 'claimed',
    lead: { ...lead, owner: { email: ownerEmail, fullName: ownerName, businessName } },
  };
}
