import { Injectable } from '@nestjs/common';
import {
  DEFAULT_FOLLOW_UP_SEQUENCE,
  type FollowUpSequence,
  followUpSequenceSchema,
} from '@rafter/domain/follow-ups';
import { type LeadStatus } from '@rafter/domain/lead';
import { DEFAULT_NEW_LEAD_REMINDER_MINUTES } from '@rafter/domain/lead-reminders';
import { type SubscriptionState } from '@rafter/domain/plans';
import DataLoader from 'dataloader';
import { TOGETHER } from '../../core/database/batching';
import { PrismaService } from '../../core/database/prisma.service';
import { OutboxService, outboxPayloadSql, outboxTopicSql } from '../../core/outbox/outbox.service';
import { type FollowUpOutcome, type LeadEventType, Prisma } from '../../generated/prisma/client';

/**
 * What a lead's follow-ups need: the lead, its owner, their plan, sequence and still-New
 * reminder setting, and what was done already.
 */
export interface FollowUpLead {
  id: string;
  ownerId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  zipCode: string;
  material: string;
  estimateLow: number;
  estimateHigh: number;
  status: LeadStatus;
  /** Locked (past the plan's allowance) or flagged as spam: not followed up. */
  hidden: boolean;
  createdAt: Date;
  owner: { email: string; fullName: string | null; businessName: string | null };
  subscription: SubscriptionState;
  sequence: FollowUpSequence;
  /** The steps already done (sent, skipped or stopped), by index. */
  done: number[];
  stopped: boolean;
  /** The contractor's still-New reminder: minutes of business hours (0 off), and their zone. */
  reminderMinutes: number;
  timeZone: string | null;
  /** The still-New reminder was sent. */
  reminded: boolean;
  /** Why the homeowner asked for nothing more from this contractor (unsubscribed, STOP), or null. */
  optedOut: string | null;
  /** What homeowners see of the contractor besides the owner's fields. */
  postalAddress: string | null;
  logoUrl: string | null;
  brandColor: string | null;
  /** The follow-up settings' phone (10 digits), for {{contractorPhone}}. */
  contractorPhone: string | null;
}

type LeadRow = Omit<FollowUpLead, 'owner' | 'subscription' | 'sequence'> & {
  ownerEmail: string;
  ownerName: string | null;
  businessName: string | null;
  plan: SubscriptionState['plan'];
  subscriptionStatus: SubscriptionState['status'];
  currentPeriodEnd: Date | null;
  enabled: boolean | null;
  steps: unknown;
  stopStatuses: LeadStatus[] | null;
};

interface DueStep {
  leadId: string;
  ownerId: string;
  step: number;
  dueAt: Date;
}

type DueReminder = Omit<DueStep, 'step'>;

interface ClaimRequest {
  leadId: string;
  ownerId: string;
  step: number;
  claim: string;
}

type ClaimOutcome = 'claimed' | 'done' | 'busy';

interface Finish {
  leadId: string;
  ownerId: string;
  claim: string;
  entry: {
    step: number;
    outcome: FollowUpOutcome;
    reason?: string;
    messageId?: string;
    timeline: { type: LeadEventType; detail: string };
  };
  next: { step: number; dueAt: Date } | null;
}

/**
 * A sequence stored before a change of the schema, or by hand, that no longer parses: the
 * default rather than a crash in the worker.
 */
function sequenceOf(row: Pick<LeadRow, 'enabled' | 'steps' | 'stopStatuses'>): FollowUpSequence {
  if (row.enabled === null) return DEFAULT_FOLLOW_UP_SEQUENCE;
  const parsed = followUpSequenceSchema.safeParse({
    enabled: row.enabled,
    steps: row.steps,
    stopStatuses: row.stopStatuses ?? [],
  });
  return parsed.success ? parsed.data : DEFAULT_FOLLOW_UP_SEQUENCE;
}

/**
 * Sequences, each lead's steps and its still-New reminder: one read of a lead for both, leads of
 * jobs arriving together read in one statement and their events written in one insert each.
 */
@Injectable()
export class FollowUpsRepository {
  private readonly leads = new DataLoader<string, FollowUpLead | null>(
    (ids) => this.readMany(ids),
    TOGETHER,
  );
  private readonly dues = new DataLoader<DueStep, void>(async (dues) => {
    const payload = outboxPayloadSql('follow-up.step-due', {
      leadId: Prisma.sql`q.lead_id`,
      ownerId: Prisma.sql`q.owner_id`,
      step: Prisma.sql`q.step`,
    });
    await this.prisma.rows(Prisma.sql`
      INSERT INTO outbox (id, topic, payload, available_at)
      SELECT gen_random_uuid(), ${outboxTopicSql('follow-up.step-due')}, ${payload}, q.due_at
      FROM unnest(${dues.map((due) => due.leadId)}::uuid[],
        ${dues.map((due) => due.ownerId)}::uuid[], ${dues.map((due) => due.step)}::int[],
        ${dues.map((due) => due.dueAt.toISOString())}::timestamptz[])
        AS q(lead_id, owner_id, step, due_at)`);
    return dues.map(() => undefined);
  }, TOGETHER);

  private readonly reminders = new DataLoader<DueReminder, void>(async (dues) => {
    const payload = outboxPayloadSql('lead.reminder-due', {
      leadId: Prisma.sql`q.lead_id`,
      ownerId: Prisma.sql`q.owner_id`,
    });
    await this.prisma.rows(Prisma.sql`
      INSERT INTO outbox (id, topic, payload, available_at)
      SELECT gen_random_uuid(), ${outboxTopicSql('lead.reminder-due')}, ${payload}, q.due_at
      FROM unnest(${dues.map((due) => due.leadId)}::uuid[],
        ${dues.map((due) => due.ownerId)}::uuid[],
        ${dues.map((due) => due.dueAt.toISOString())}::timestamptz[]) AS q(lead_id, owner_id, due_at)`);
    return dues.map(() => undefined);
  }, TOGETHER);

  private readonly claims = new DataLoader<ClaimRequest, ClaimOutcome>(
    (requests) => this.claimMany(requests),
    TOGETHER,
  );
  private readonly finishes = new DataLoader<Finish, void>(
    (items) => this.finishMany(items),
    TOGETHER,
  );

  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: OutboxService,
  ) {}

  async findSequence(ownerId: string): Promise<FollowUpSequence> {
    const row = await this.prisma.followUpSequence.findUnique({ where: { userId: ownerId } });
    return row ? sequenceOf(row) : DEFAULT_FOLLOW_UP_SEQUENCE;
  }

  async saveSequence(ownerId: string, sequence: FollowUpSequence): Promise<void> {
    const data = {
      enabled: sequence.enabled,
      steps: sequence.steps as Prisma.InputJsonArray,
      stopStatuses: sequence.stopStatuses,
    };
    await this.prisma.followUpSequence.upsert({
      where: { userId: ownerId },
      create: { userId: ownerId, ...data },
      update: data,
    });
  }

  find(leadId: string): Promise<FollowUpLead | null> {
    return this.leads.load(leadId);
  }

  /** The step's outbox event, relayed when it is due (`available_at`). */
  schedule(lead: Pick<FollowUpLead, 'id' | 'ownerId'>, step: number, dueAt: Date): Promise<void> {
    return this.dues.load({ leadId: lead.id, ownerId: lead.ownerId, step, dueAt });
  }

  /** The still-New reminder's outbox event, relayed when it is due. */
  scheduleReminder(lead: Pick<FollowUpLead, 'id' | 'ownerId'>, dueAt: Date): Promise<void> {
    return this.reminders.load({ leadId: lead.id, ownerId: lead.ownerId, dueAt });
  }

  /**
   * The reminder's timeline entry, unless the lead has one: false when another delivery of the
   * event wrote it first. The lead's row is locked only for these two statements. NO KEY: rows
   * referencing the lead (a text queued meanwhile) are not blocked.
   */
  recordReminderOnce(lead: Pick<FollowUpLead, 'id' | 'ownerId'>): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const [locked] = await tx.$queryRaw<{ reminded: boolean }[]>`
        SELECT EXISTS (SELECT 1 FROM lead_events e
          WHERE e.lead_id = l.id AND e.type = 'reminder_sent') AS reminded
        FROM leads l WHERE l.id = ${lead.id}::uuid
        FOR NO KEY UPDATE OF l`;
      // Deleted meanwhile: nothing to write to.
      if (!locked || locked.reminded) return false;
      await tx.leadEvent.create({
        data: { leadId: lead.id, ownerId: lead.ownerId, type: 'reminder_sent' },
        select: { id: true },
      });
      return true;
    });
  }

  /**
   * Claims the lead's step for the job `claim`: creates its row, or takes it when nobody holds
   * it, or when this same job held it before a crash. 'done' when it was sent, skipped or
   * stopped already; 'busy' while another job holds it (a duplicated event).
   */
  claimStep(
    lead: Pick<FollowUpLead, 'id' | 'ownerId'>,
    step: number,
    claim: string,
  ): Promise<'claimed' | 'done' | 'busy'> {
    return this.claims.load({ leadId: lead.id, ownerId: lead.ownerId, step, claim });
  }

  private async claimMany(requests: readonly ClaimRequest[]): Promise<ClaimOutcome[]> {
    const rows = await this.prisma.rows<{ ord: number; claimed: boolean; done: boolean }>(
      Prisma.sql`
      WITH q AS (
        SELECT * FROM unnest(${requests.map((r) => r.leadId)}::uuid[],
          ${requests.map((r) => r.ownerId)}::uuid[], ${requests.map((r) => r.step)}::int[],
          ${requests.map((r) => r.claim)}::text[])
          WITH ORDINALITY AS q(lead_id, owner_id, step, claim, ord)
      ), claimed AS (
        INSERT INTO lead_follow_ups (id, lead_id, owner_id, step, claim)
        SELECT DISTINCT ON (lead_id, step) gen_random_uuid(), lead_id, owner_id, step, claim
        FROM q ORDER BY lead_id, step, ord
        ON CONFLICT (lead_id, step) DO UPDATE SET claim = EXCLUDED.claim
          WHERE lead_follow_ups.outcome IS NULL
            AND (lead_follow_ups.claim IS NULL OR lead_follow_ups.claim = EXCLUDED.claim)
        RETURNING lead_id, step, claim
      )
      SELECT q.ord::int AS ord, c.lead_id IS NOT NULL AS claimed,
        COALESCE(f.outcome IS NOT NULL, false) AS done
      FROM q
      LEFT JOIN claimed c ON c.lead_id = q.lead_id AND c.step = q.step AND c.claim = q.claim
      LEFT JOIN lead_follow_ups f ON f.lead_id = q.lead_id AND f.step = q.step`,
    );
    const outcomes: ClaimOutcome[] = requests.map(() => 'busy');
    for (const row of rows) {
      outcomes[row.ord - 1] = row.claimed ? 'claimed' : row.done ? 'done' : 'busy';
    }
    return outcomes;
  }

  /** Gives the claim back (sending failed, or the step waits for later): any retry may take it. */
  async release(leadId: string, step: number, claim: string): Promise<void> {
    await this.prisma.rows(Prisma.sql`
      DELETE FROM lead_follow_ups
      WHERE lead_id = ${leadId}::uuid AND step = ${step} AND claim = ${claim} AND outcome IS NULL`);
  }

  /** Gives the claim back and writes the step's event again for `dueAt`, in one transaction. */
  async postpone(
    lead: Pick<FollowUpLead, 'id' | 'ownerId'>,
    step: number,
    claim: string,
    dueAt: Date,
  ): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.leadFollowUp.deleteMany({
        where: { leadId: lead.id, step, claim, outcome: null },
      });
      await this.outbox.add(
        tx,
        'follow-up.step-due',
        { leadId: lead.id, ownerId: lead.ownerId, step },
        { availableAt: dueAt },
      );
    });
  }

  /**
   * The claimed step's outcome, its timeline entry and the next step's event, in one
   * transaction: after a crash before it, the same job takes its claim over and does it again.
   */
  finish(
    lead: Pick<FollowUpLead, 'id' | 'ownerId'>,
    claim: string,
    entry: {
      step: number;
      outcome: FollowUpOutcome;
      reason?: string;
      messageId?: string;
      timeline: { type: LeadEventType; detail: string };
    },
    next: { step: number; dueAt: Date } | null,
  ): Promise<void> {
    return this.finishes.load({ leadId: lead.id, ownerId: lead.ownerId, claim, entry, next });
  }

  /**
   * One statement for the steps finished together: each outcome, and only where the claim is
   * still the job's, its timeline entry and its next step's event (atomic: one statement).
   */
  private async finishMany(items: readonly Finish[]): Promise<void[]> {
    const column = <T>(pick: (item: Finish) => T) => items.map(pick);
    await this.prisma.rows(Prisma.sql`
      WITH q AS (
        SELECT * FROM unnest(${column((i) => i.leadId)}::uuid[],
          ${column((i) => i.ownerId)}::uuid[], ${column((i) => i.entry.step)}::int[],
          ${column((i) => i.claim)}::text[],
          ${column((i) => i.entry.outcome)}::"FollowUpOutcome"[],
          ${column((i) => i.entry.reason ?? null)}::text[],
          ${column((i) => i.entry.messageId ?? null)}::text[],
          ${column((i) => i.entry.timeline.type)}::"LeadEventType"[],
          ${column((i) => i.entry.timeline.detail)}::text[],
          ${column((i) => i.next?.step ?? null)}::int[],
          ${column((i) => i.next?.dueAt.toISOString() ?? null)}::timestamptz[])
          AS q(lead_id, owner_id, step, claim, outcome, reason, message_id, type, detail,
            next_step, next_due)
      ), done AS (
        UPDATE lead_follow_ups f
        SET outcome = q.outcome, claim = NULL, reason = q.reason, message_id = q.message_id
        FROM q
        WHERE f.lead_id = q.lead_id AND f.step = q.step AND f.claim = q.claim
          AND f.outcome IS NULL
        RETURNING f.lead_id, f.step
      ), entries AS (
        INSERT INTO lead_events (id, lead_id, owner_id, type, detail)
        SELECT gen_random_uuid(), q.lead_id, q.owner_id, q.type, q.detail
        FROM q JOIN done ON done.lead_id = q.lead_id AND done.step = q.step
        RETURNING id
      ), nexts AS (
        INSERT INTO outbox (id, topic, payload, available_at)
        SELECT gen_random_uuid(), ${outboxTopicSql('follow-up.step-due')},
          ${outboxPayloadSql('follow-up.step-due', {
            leadId: Prisma.sql`q.lead_id`,
            ownerId: Prisma.sql`q.owner_id`,
            step: Prisma.sql`q.next_step`,
          })}, q.next_due
        FROM q JOIN done ON done.lead_id = q.lead_id AND done.step = q.step
        WHERE q.next_step IS NOT NULL
        RETURNING id
      )
      SELECT (SELECT count(*) FROM entries) AS entries, (SELECT count(*) FROM nexts) AS nexts`);
    return items.map(() => undefined);
  }

  /** Straight through the pool. */
  private async readMany(leadIds: readonly string[]): Promise<(FollowUpLead | null)[]> {
    const query = Prisma.sql`
      SELECT l.id, l.owner_id AS "ownerId", l.first_name AS "firstName",
        l.last_name AS "lastName", l.email, l.phone, l.zip_code AS "zipCode",
        l.material::text AS material, l.estimate_low AS "estimateLow",
        l.estimate_high AS "estimateHigh", l.status::text AS status,
        (l.locked OR l.spam_at IS NOT NULL) AS hidden, l.created_at AS "createdAt",
        u.email AS "ownerEmail", u.full_name AS "ownerName", p.business_name AS "businessName",
        s.plan, s.status AS "subscriptionStatus", s.current_period_end AS "currentPeriodEnd",
        f.enabled, f.steps, f.stop_statuses::text[] AS "stopStatuses",
        COALESCE((SELECT array_agg(d.step) FROM lead_follow_ups d
          WHERE d.lead_id = l.id AND d.outcome IS NOT NULL), '{}') AS done,
        EXISTS (SELECT 1 FROM lead_follow_ups d WHERE d.lead_id = l.id AND d.outcome = 'stopped')
          AS stopped,
        COALESCE(p.new_lead_reminder_minutes, ${DEFAULT_NEW_LEAD_REMINDER_MINUTES})
          AS "reminderMinutes",
        p.timezone AS "timeZone",
        EXISTS (SELECT 1 FROM lead_events e WHERE e.lead_id = l.id AND e.type = 'reminder_sent')
          AS reminded,
        CASE
          WHEN EXISTS (SELECT 1 FROM email_suppressions es
            WHERE es.owner_id = l.owner_id AND es.email = l.email::citext)
            THEN 'the homeowner unsubscribed'
          -- Suppressed numbers are E.164; a lead's US number as typed, in E.164.
          WHEN EXISTS (SELECT 1 FROM text_suppressions ts
            WHERE ts.owner_id = l.owner_id
              AND ts.phone = '+1' || right(regexp_replace(l.phone, '[^0-9]', '', 'g'), 10))
            THEN 'the homeowner replied STOP'
        END AS "optedOut",
        p.address AS "postalAddress", p.logo_url AS "logoUrl", sc.brand_color AS "brandColor",
        fs.phone AS "contractorPhone"
      FROM leads l
      JOIN users u ON u.id = l.owner_id
      LEFT JOIN business_profiles p ON p.user_id = l.owner_id
      LEFT JOIN subscriptions s ON s.user_id = l.owner_id
      LEFT JOIN follow_up_sequences f ON f.user_id = l.owner_id
      LEFT JOIN shareable_calculator_links sc ON sc.user_id = l.owner_id
      LEFT JOIN followup_settings fs ON fs.user_id = l.owner_id
      WHERE l.id = ANY(${leadIds as string[]}::uuid[])`;
    const rows = await this.prisma.rows<LeadRow>(query);
    const byId = new Map<string, FollowUpLead>();
    for (const row of rows) {
      const {
        ownerEmail,
        ownerName,
        businessName,
        plan,
        subscriptionStatus,
        currentPeriodEnd,
        enabled,
        steps,
        stopStatuses,
        ...lead
      } = row;
      byId.set(lead.id, {
        ...lead,
        owner: { email: ownerEmail, fullName: ownerName, businessName },
        subscription: {
          plan: plan ?? null,
          status: subscriptionStatus ?? null,
          currentPeriodEnd,
        },
        sequence: sequenceOf({ enabled, steps, stopStatuses }),
      });
    }
    return leadIds.map((id) => byId.get(id) ?? null);
  }
}
