import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { TOGETHER } from '../../core/database/batching';
import { PrismaService } from '../../core/database/prisma.service';
import { Prisma } from '../../generated/prisma/client';

/** The contractor as a homeowner's e-mail presents them, with their follow-up settings. */
export interface SenderRow {
  ownerEmail: string;
  ownerName: string | null;
  businessName: string | null;
  postalAddress: string | null;
  logoUrl: string | null;
  brandColor: string | null;
  phone: string | null;
  estimateEmail: boolean;
}

/** The outcome of claiming one follow-up message of a lead for a job. */
export type MessageClaim =
  | { outcome: 'claimed'; id: string }
  /** Accepted by the mail server before, or skipped for good (`reason`). */
  | { outcome: 'sent'; id: string }
  | { outcome: 'skipped'; id: string; reason: string }
  /** Another job is sending it now. */
  | { outcome: 'busy' };

interface SettingsRow {
  estimateEmail: boolean;
  phone: string | null;
}

/** Follow-up settings, messages and the suppression list. Every query is scoped by the owner. */
@Injectable()
export class FollowupsRepository {
  // Jobs of one moment (a burst of quote requests) share one statement for each read and write.
  private readonly senders = new DataLoader<string, SenderRow | null>(
    (ownerIds) => this.sendersOf(ownerIds),
    TOGETHER,
  );
  private readonly suppressions = new DataLoader<{ ownerId: string; email: string }, boolean>(
    async (keys) => {
      const rows = await this.prisma.rows<{ ord: number }>(Prisma.sql`
        SELECT q.ord::int AS ord
        FROM unnest(${keys.map((k) => k.ownerId)}::uuid[], ${keys.map((k) => k.email)}::citext[])
          WITH ORDINALITY AS q(owner_id, email, ord)
        JOIN email_suppressions s ON s.owner_id = q.owner_id AND s.email = q.email`);
      const found = new Set(rows.map((row) => row.ord - 1));
      return keys.map((_key, i) => found.has(i));
    },
    TOGETHER,
  );
  private readonly claims = new DataLoader<
    { ownerId: string; leadId: string; kind: string; claim: string },
    MessageClaim
  >((requests) => this.claimMany(requests), TOGETHER);
  private readonly sent = new DataLoader<string, void>(async (ids) => {
    await this.prisma.rows(Prisma.sql`
      UPDATE followup_messages SET sent_at = now(), claim = NULL, updated_at = now()
      WHERE id = ANY(${ids as string[]}::uuid[])`);
    return ids.map(() => undefined);
  }, TOGETHER);

  constructor(private readonly prisma: PrismaService) {}

  settings(userId: string): Promise<SettingsRow | null> {
    return this.prisma.followupSettings.findUnique({
      where: { userId },
      select: { estimateEmail: true, phone: true },
    });
  }

  saveSettings(userId: string, settings: SettingsRow): Promise<SettingsRow> {
    return this.prisma.followupSettings.upsert({
      where: { userId },
      create: { userId, ...settings },
      update: settings,
      select: { estimateEmail: true, phone: true },
    });
  }

  /** Name, address, logo, colour, phone and settings of the contractor, in one query. */
  sender(ownerId: string): Promise<SenderRow | null> {
    return this.senders.load(ownerId);
  }

  private async sendersOf(ownerIds: readonly string[]): Promise<(SenderRow | null)[]> {
    const rows = await this.prisma.rows<SenderRow & { id: string }>(Prisma.sql`
      SELECT u.id, u.email AS "ownerEmail", u.full_name AS "ownerName",
        p.business_name AS "businessName", p.address AS "postalAddress", p.logo_url AS "logoUrl",
        s.brand_color AS "brandColor", f.phone,
        COALESCE(f.estimate_email, true) AS "estimateEmail"
      FROM users u
      LEFT JOIN business_profiles p ON p.user_id = u.id
      LEFT JOIN shareable_calculator_links s ON s.user_id = u.id
      LEFT JOIN followup_settings f ON f.user_id = u.id
      WHERE u.id = ANY(${ownerIds as string[]}::uuid[])`);
    const byId = new Map(rows.map(({ id, ...row }) => [id, row]));
    return ownerIds.map((id) => byId.get(id) ?? null);
  }

  /**
   * Claims the lead's message of this kind for the job `claim`: creates it, or takes it when
   * nobody holds it, or when this same job held it before it crashed. Two jobs at once: the
   * second waits on the unique index, then finds it claimed.
   */
  claimMessage(
    ownerId: string,
    leadId: string,
    kind: string,
    claim: string,
  ): Promise<MessageClaim> {
    return this.claims.load({ ownerId, leadId, kind, claim });
  }

  /** The claims of one moment in one statement (see claimMessage). */
  private async claimMany(
    requests: readonly { ownerId: string; leadId: string; kind: string; claim: string }[],
  ): Promise<MessageClaim[]> {
    const rows = await this.prisma.rows<{
      ord: number;
      claimedId: string | null;
      existingId: string | null;
      sent: boolean;
      skippedReason: string | null;
    }>(Prisma.sql`
      WITH q AS (
        SELECT * FROM unnest(${requests.map((r) => r.ownerId)}::uuid[],
          ${requests.map((r) => r.leadId)}::uuid[], ${requests.map((r) => r.kind)}::text[],
          ${requests.map((r) => r.claim)}::text[])
          WITH ORDINALITY AS q(owner_id, lead_id, kind, claim, ord)
      ), claimed AS (
        INSERT INTO followup_messages (id, owner_id, lead_id, kind, claim, updated_at)
        SELECT DISTINCT ON (lead_id, kind) gen_random_uuid(), owner_id, lead_id, kind, claim, now()
        FROM q ORDER BY lead_id, kind, ord
        ON CONFLICT (lead_id, kind) DO UPDATE SET claim = EXCLUDED.claim, updated_at = now()
        WHERE followup_messages.sent_at IS NULL AND followup_messages.skipped_reason IS NULL
          AND (followup_messages.claim IS NULL OR followup_messages.claim = EXCLUDED.claim)
        RETURNING id, lead_id, kind, claim
      )
      SELECT q.ord::int AS ord, c.id AS "claimedId", m.id AS "existingId",
        COALESCE(m.sent_at IS NOT NULL, false) AS sent, m.skipped_reason AS "skippedReason"
      FROM q
      LEFT JOIN claimed c ON c.lead_id = q.lead_id AND c.kind = q.kind AND c.claim = q.claim
      LEFT JOIN followup_messages m ON m.lead_id = q.lead_id AND m.kind = q.kind`);
    const claims: MessageClaim[] = requests.map(() => ({ outcome: 'busy' }));
    for (const row of rows) {
      claims[row.ord - 1] = row.claimedId
        ? { outcome: 'claimed', id: row.claimedId }
        : row.existingId && row.sent
          ? { outcome: 'sent', id: row.existingId }
          : row.existingId && row.skippedReason
            ? { outcome: 'skipped', id: row.existingId, reason: row.skippedReason }
            : { outcome: 'busy' };
    }
    return claims;
  }

  /** The mail server accepted the message: sent for good. */
  markSent(id: string): Promise<void> {
    return this.sent.load(id);
  }

  /** Not sent, for good, and why. */
  async markSkipped(id: string, reason: string): Promise<void> {
    await this.prisma.followupMessage.update({
      where: { id },
      data: { skippedReason: reason, claim: null },
    });
  }

  /** Gives a claim back after sending failed, so the job's retry (or another) may send it. */
  async release(id: string, claim: string): Promise<void> {
    await this.prisma.followupMessage.updateMany({
      where: { id, claim, sentAt: null },
      data: { claim: null },
    });
  }

  isSuppressed(ownerId: string, email: string): Promise<boolean> {
    return this.suppressions.load({ ownerId, email });
  }

  /** Adds the address to the owner's suppression list; the new entry's id, or null if it was on it. */
  async suppress(ownerId: string, email: string, reason: string): Promise<string | null> {
    const [row] = await this.prisma.rows<{ id: string }>(Prisma.sql`
      INSERT INTO email_suppressions (id, owner_id, email, reason)
      VALUES (gen_random_uuid(), ${ownerId}::uuid, ${email}, ${reason})
      ON CONFLICT (owner_id, email) DO NOTHING
      RETURNING id`);
    return row?.id ?? null;
  }
}
