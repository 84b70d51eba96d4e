import { formatEstimateRange } from '@rafter/domain/estimate';
import { newLeadReminderDueAt } from '@rafter/domain/lead-reminders';
import { type Job, type Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { PrismaService } from '../src/core/database/prisma.service';
import { OutboxService } from '../src/core/outbox/outbox.service';
import { type Prisma } from '../src/generated/prisma/client';
import { eventually, sleep } from './utils/async';
import { startMailWorker } from './utils/mail-worker';
import { type SmtpSink } from './utils/smtp-sink';

const PUBLIC_URL = 'https://rafter.test';
/** A Monday morning long gone: a lead captured then is due at once. */
const LAST_MONDAY_9AM = new Date('2026-11-23T09:00:00.000Z');

type Plan = 'starter' | 'smart' | 'instant' | null;

describe('still-New reminders (speed to lead)', () => {
  let sink: SmtpSink;
  let prisma: PrismaService;
  let queue: Queue;
  let databaseUrl: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await startMailWorker(PUBLIC_URL);
    ({ sink, prisma, queue, databaseUrl, close } = started);
  });

  afterAll(async () => {
    await close?.();
  });

  async function contractor(plan: Plan, profile: Partial<Prisma.BusinessProfileCreateInput> = {}) {
    return prisma.user.create({
      data: {
        email: `owner-${randomUUID()}@roofers.test`,
        fullName: 'Pat Contractor',
        businessProfile: { create: { businessName: 'Sunny Roofing', ...profile } },
        ...(plan && { subscription: { create: { plan, status: 'active' } } }),
      },
    });
  }

  /** A captured lead with its `lead.captured` event, as capture-lead writes them. */
  async function capture(ownerId: string, data: Partial<Prisma.LeadUncheckedCreateInput> = {}) {
    const lead = await prisma.lead.create({
      data: {
        ownerId,
        firstName: 'Maria',
        lastName: 'Garcia',
        email: 'maria.garcia@homes.test',
        phone: '(512) 555-0142',
        address: '1100 Congress Ave, Austin, TX 78701',
        zipCode: '78701',
        ownership: 'owner',
        isHomeowner: true,
        material: 'asphalt',
        stories: 'two',
        roofArea: 2150,
        estimateLow: 7310,
        estimateMid: 9853,
        estimateHigh: 12_793,
        createdAt: LAST_MONDAY_9AM,
        ...data,
      },
    });
    const outboxId = await prisma.$transaction((tx) =>
      new OutboxService().add(tx, 'lead.captured', { leadId: lead.id, ownerId }),
    );
    return { lead, outboxId };
  }

  /**
   * What the reminder's handler of an event's job returned (`lead.captured` has several handlers,
   * whose results come under their names; `lead.reminder-due` only this one).
   */
  async function outcome(outboxId: string, handler: 'schedule' | 'remind'): Promise<string> {
    const job: Job = await eventually(async () => {
      const state = await queue.getJobState(outboxId);
      return (state === 'completed' || state === 'failed') && queue.getJob(outboxId);
    }, 30_000);
    if (handler === 'remind') return (job.returnvalue as { outcome: string }).outcome;
    const results = job.returnvalue as Record<string, { outcome: string }>;
    return (results['FollowUpStepsJob.schedule'] as unknown as { reminder: string }).reminder;
  }

  const reminders = (to: string) =>
    sink.to(to).filter((mail) => mail.subject.startsWith('Still New:'));

  const timeline = (leadId: string) =>
    prisma.leadEvent.findMany({ where: { leadId, type: 'reminder_sent' } });

  it('e-mails the contractor once when a lead is still New after their minutes, and says so in its timeline', async () => {
    const owner = await contractor('smart', { newLeadReminderMinutes: 15 });
    const { lead } = await capture(owner.id);

    const [mail] = await eventually(
      () => reminders(owner.email).length > 0 && reminders(owner.email),
    );
    const range = formatEstimateRange({ low: 7310, high: 12_793 });
    expect(mail!.subject).toBe(`Still New: Maria Garcia is waiting for your call · ${range}`);
    expect(mail!.text).toContain(`${PUBLIC_URL}/dashboard?tab=leads&lead=${lead.id}`);
    expect(mail!.text).toContain('after 15 minutes of business hours');
    expect(mail!.headers['message-id']).toBe(`<lead-reminder.${lead.id}@rafter.test>`);
    await eventually(async () => (await timeline(lead.id)).length === 1);

    // The same reminder delivered again (a lost job sent twice) reminds no one twice.
    const again = await prisma.$transaction((tx) =>
      new OutboxService().add(tx, 'lead.reminder-due', { leadId: lead.id, ownerId: owner.id }),
    );
    expect(await outcome(again, 'remind')).toBe('already-reminded');
    await sleep(200);
    expect(reminders(owner.email)).toHaveLength(1);
    expect(await timeline(lead.id)).toHaveLength(1);
  });

  it('holds no lock on the lead while the mail server is slow to take the reminder', async () => {
    const owner = await contractor('smart', { newLeadReminderMinutes: 15 });
    const contractorSide = new Client({ connectionString: databaseUrl });
    await contractorSide.connect();
    const release = sink.hold();
    let leadId = '';
    try {
      ({
        lead: { id: leadId },
      } = await capture(owner.id));
      await eventually(() => sink.waiting.some((subject) => subject.startsWith('Still New:')));
      // Meanwhile the contractor calls the homeowner and marks the lead Contacted: the change
      // goes through at once, not when the mail server answers (or the reminder's transaction
      // runs out of time). Waiting for the lock would fail after 2 s.
      await contractorSide.query("SET lock_timeout = '2s'");
      const { rows } = await contractorSide.query(
        `UPDATE leads SET status = 'contacted' WHERE id = $1 RETURNING status::text`,
        [leadId],
      );
      expect(rows).toEqual([{ status: 'contacted' }]);
    } finally {
      release();
      await contractorSide.end();
    }
    // The reminder was already on its way: it arrives, and the timeline says so once.
    await eventually(() => reminders(owner.email).length === 1);
    await eventually(async () => (await timeline(leadId)).length === 1);
  });

  it('is due after the chosen minutes of business hours in the contractor’s time zone, and not sent once the lead was contacted', async () => {
    const owner = await contractor('instant', { timezone: 'America/Denver' });
    const capturedAt = new Date();
    const { lead, outboxId } = await capture(owner.id, { createdAt: capturedAt });
    expect(await outcome(outboxId, 'schedule')).toBe('scheduled');

    const [due] = await prisma.outboxEvent.findMany({
      where: { topic: 'lead.reminder-due', payload: { path: ['leadId'], equals: lead.id } },
    });
    // The default: one hour of business hours.
    expect(due!.availableAt.toISOString()).toBe(
      newLeadReminderDueAt(capturedAt, 60, 'America/Denver').toISOString(),
    );
    expect(due!.publishedAt).toBeNull();

    await prisma.lead.update({ where: { id: lead.id }, data: { status: 'contacted' } });
    await prisma.outboxEvent.update({ where: { id: due!.id }, data: { availableAt: new Date() } });
    expect(await outcome(due!.id, 'remind')).toBe('no-longer-new');
    expect(reminders(owner.email)).toHaveLength(0);
    expect(await timeline(lead.id)).toHaveLength(0);
  });

  it.each([
    ['below Smart', 'starter' as Plan, {}, {}, 'not-on-plan'],
    ['without a plan', null, {}, {}, 'not-on-plan'],
    ['turned off', 'smart' as Plan, { newLeadReminderMinutes: 0 }, {}, 'reminders-off'],
    [
      'for a locked lead',
      'smart' as Plan,
      {},
      { locked: true, lockedReason: 'monthly_limit' as const },
      'no-longer-new',
    ],
    ['for a lead flagged as spam', 'smart' as Plan, {}, { spamAt: new Date() }, 'no-longer-new'],
  ])('schedules nothing %s', async (_case, plan, profile, lead, expected) => {
    const owner = await contractor(plan, profile);
    const { outboxId } = await capture(owner.id, lead);
    expect(await outcome(outboxId, 'schedule')).toBe(expected);
    await sleep(200);
    expect(reminders(owner.email)).toHaveLength(0);
  });
});
