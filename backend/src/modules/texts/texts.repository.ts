import { Injectable } from '@nestjs/common';
import { type EventPayload } from '@rafter/domain/events';
import { type SubscriptionState } from '@rafter/domain/plans';
import { type TextSettingsView } from '@rafter/domain/texts';
import DataLoader from 'dataloader';
import { randomUUID } from 'node:crypto';
import { TOGETHER } from '../../core/database/batching';
import { PrismaService } from '../../core/database/prisma.service';
import { OutboxService } from '../../core/outbox/outbox.service';
import { Prisma } from '../../generated/prisma/client';

export type TextAudience = 'homeowner' | 'contractor';

export interface NewText {
  ownerId: string;
  leadId: string | null;
  audience: TextAudience;
  idempotencyKey: string;
  to: string;
  body: string;
}

/** What texting a lead's homeowner needs to know. */
export interface TextLead {
  id: string;
  ownerId: string;
  firstName: string;
  lastName: string;
  phone: string;
  zipCode: string;
  material: string;
  estimateLow: number;
  estimateHigh: number;
  locked: boolean;
  textConsentAt: Date | null;
}

/** The contractor as its texts name it. */
export interface TextOwner {
  name: string;
  email: string;
  subscription: SubscriptionState;
  settings: TextSettingsView;
}

export interface ClaimedText {
  id: string;
  ownerId: string;
  leadId: string | null;
  audience: string;
  to: string;
  body: string;
}

/** Texts, opt-outs and the contractor's text settings. */
@Injectable()
export class TextsRepository {
  // Jobs of one moment (a burst of quote requests) read their leads and owners in one statement.
  private readonly leads = new DataLoader<{ ownerId: string; leadId: string }, TextLead | null>(
    async (keys) => {
      const rows = await this.prisma.rows<TextLead>(Prisma.sql`
        SELECT l.id, l.owner_id AS "ownerId", l.first_name AS "firstName",
          l.last_name AS "lastName", l.phone, l.zip_code AS "zipCode", l.material::text AS material,
          l.estimate_low AS "estimateLow", l.estimate_high AS "estimateHigh", l.locked,
          l.text_consent_at AS "textConsentAt"
        FROM leads l WHERE l.id = ANY(${keys.map((key) => key.leadId)}::uuid[])`);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return keys.map((key) => {
        const row = byId.get(key.leadId);
        return row && row.ownerId === key.ownerId ? row : null;
      });
    },
    TOGETHER,
  );
  private readonly owners = new DataLoader<string, TextOwner | null>(async (ownerIds) => {
    const rows = await this.prisma.rows<{
      id: string;
      email: string;
      fullName: string | null;
      businessName: string | null;
      plan: SubscriptionState['plan'];
      status: SubscriptionState['status'];
      currentPeriodEnd: Date | null;
      mobilePhone: string | null;
      textNewLeads: boolean | null;
    }>(Prisma.sql`
      SELECT u.id, u.email, u.full_name AS "fullName", p.business_name AS "businessName",
        s.plan::text AS plan, s.status::text AS status, s.current_period_end AS "currentPeriodEnd",
        t.mobile_phone AS "mobilePhone", t.text_new_leads AS "textNewLeads"
      FROM users u
      LEFT JOIN business_profiles p ON p.user_id = u.id
      LEFT JOIN subscriptions s ON s.user_id = u.id
      LEFT JOIN text_settings t ON t.user_id = u.id
      WHERE u.id = ANY(${ownerIds as string[]}::uuid[])`);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ownerIds.map((id) => {
      const row = byId.get(id);
      if (!row) return null;
      return {
        name: row.businessName || row.fullName || 'Your roofer',
        email: row.email,
        subscription: {
          plan: row.plan ?? null,
          status: row.status ?? null,
          currentPeriodEnd: row.currentPeriodEnd,
        },
        settings: { mobilePhone: row.mobilePhone, textNewLeads: row.textNewLeads ?? false },
      };
    });
  }, TOGETHER);

  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: OutboxService,
  ) {}

  findLead(ownerId: string, leadId: string): Promise<TextLead | null> {
    return this.leads.load({ ownerId, leadId });
  }

  findOwner(ownerId: string): Promise<TextOwner | null> {
    return this.owners.load(ownerId);
  }

  async isSuppressed(ownerId: string, phone: string): Promise<boolean> {
    const row = await this.prisma.textSuppression.findUnique({
      where: { ownerId_phone: { ownerId, phone } },
      select: { ownerId: true },
    });
    return row !== null;
  }

  /**
   * Stores the text with its `text.queued` event, once per idempotency key (a unique column):
   * asked again with the same key, it stores nothing and returns the first text's id.
   */
  async queue(text: NewText): Promise<{ id: string; created: boolean }> {
    const id = randomUUID();
    const created = await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.textMessage.createMany({
        data: [{ id, ...text }],
        skipDuplicates: true,
      });
      if (count === 0) return false;
      await this.outbox.add(tx, 'text.queued', { textId: id });
      return true;
    });
    if (created) return { id, created };
    const existing = await this.prisma.textMessage.findUniqueOrThrow({
      where: { idempotencyKey: text.idempotencyKey },
      select: { id: true },
    });
    return { id: existing.id, created };
  }

  /** Asks for the lead's welcome text again at `at` (outbox event `text.welcome-due`). */
  async scheduleWelcome(ownerId: string, leadId: string, at: Date): Promise<void> {
    await this.prisma.$transaction((tx) =>
      this.outbox.add(tx, 'text.welcome-due', { leadId, ownerId }, { availableAt: at }),
    );
  }

  /** Asks for a booking's reminder text again at `at` (outbox event `text.booking-reminder-due`). */
  async scheduleBookingReminder(
    reminder: EventPayload<'text.booking-reminder-due'>,
    at: Date,
  ): Promise<void> {
    await this.prisma.$transaction((tx) =>
      this.outbox.add(tx, 'text.booking-reminder-due', reminder, { availableAt: at }),
    );
  }

  /**
   * Claims a queued text for the send job `jobId`: only while it is queued and unclaimed, or
   * claimed by the same job (BullMQ runs a stalled job again under the same id).
   */
  async claim(textId: string, jobId: string): Promise<ClaimedText | 'not-found' | 'done'> {
    const rows = await this.prisma.textMessage.updateManyAndReturn({
      where: {
        id: textId,
        status: 'queued',
        OR: [{ sendClaim: null }, { sendClaim: jobId }],
      },
      data: { sendClaim: jobId },
      select: { id: true, ownerId: true, leadId: true, audience: true, to: true, body: true },
    });
    if (rows[0]) return rows[0];
    const exists = await this.prisma.textMessage.count({ where: { id: textId } });
    return exists ? 'done' : 'not-found';
  }

  async release(textId: string, jobId: string): Promise<void> {
    await this.prisma.textMessage.updateMany({
      where: { id: textId, sendClaim: jobId, status: 'queued' },
      data: { sendClaim: null },
    });
  }

  async finish(
    textId: string,
    outcome:
      { status: 'sent'; providerId: string } | { status: 'failed' | 'skipped'; error: string },
  ): Promise<void> {
    await this.prisma.textMessage.update({
      where: { id: textId },
      data:
        outcome.status === 'sent'
          ? { status: 'sent', providerId: outcome.providerId, sentAt: new Date() }
          : { status: outcome.status, error: outcome.error },
    });
  }

  /** The contractor and lead whose text last went to `phone`: who an inbound reply answers. */
  latestTextTo(phone: string): Promise<{ ownerId: string; leadId: string | null } | null> {
    return this.prisma.textMessage.findFirst({
      where: { to: phone, audience: 'homeowner' },
      orderBy: { createdAt: 'desc' },
      select: { ownerId: true, leadId: true },
    });
  }

  /**
   * Adds `phone` to the contractor's opt-outs; the first time, with the lead's timeline entry
   * and its `lead.texts-stopped` event, in one transaction. False when it was already there.
   */
  suppress(ownerId: string, phone: string, leadId: string | null): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.textSuppression.createMany({
        data: [{ ownerId, phone }],
        skipDuplicates: true,
      });
      if (count === 0) return false;
      if (leadId) {
        const event = await tx.leadEvent.create({
          data: { leadId, ownerId, type: 'texts_stopped' },
          select: { id: true },
        });
        await this.outbox.add(tx, 'lead.texts-stopped', { leadId, ownerId, eventId: event.id });
      }
      return true;
    });
  }

  /** Removes `phone` from the contractor's opt-outs, with a timeline entry. False when absent. */
  unsuppress(ownerId: string, phone: string, leadId: string | null): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.textSuppression.deleteMany({ where: { ownerId, phone } });
      if (count === 0) return false;
      if (leadId) {
        await tx.leadEvent.create({ data: { leadId, ownerId, type: 'texts_resumed' } });
      }
      return true;
    });
  }

  async saveSettings(userId: string, settings: TextSettingsView): Promise<TextSettingsView> {
    return this.prisma.textSettings.upsert({
      where: { userId },
      create: { userId, ...settings },
      update: settings,
      select: { mobilePhone: true, textNewLeads: true },
    });
  }
}
