import { DEFAULT_FOLLOW_UP_SEQUENCE } from '@rafter/domain/follow-ups';
import { type Job, type Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { PrismaService } from '../src/core/database/prisma.service';
import { OutboxService } from '../src/core/outbox/outbox.service';
import { type Prisma } from '../src/generated/prisma/client';
import { FollowUpsService } from '../src/modules/follow-ups/follow-ups.service';
import { eventually, sleep } from './utils/async';
import { startMailWorker } from './utils/mail-worker';
import { type SmtpSink } from './utils/smtp-sink';

const PUBLIC_URL = 'https://rafter.test';
const DAY_MS = 86_400_000;

type Plan = 'starter' | 'smart' | 'instant' | null;

describe('follow-up sequences', () => {
  let sink: SmtpSink;
  let prisma: PrismaService;
  let queue: Queue;
  let followUps: FollowUpsService;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await startMailWorker(PUBLIC_URL);
    ({ sink, prisma, queue, close } = started);
    followUps = started.worker.get(FollowUpsService);
  });

  afterAll(async () => {
    await close?.();
  });

  /**
   * The sequence's e-mails to `address`: the instant estimate e-mail that precedes them has its
   * own spec (followups-estimate-email.e2e-spec.ts).
   */
  function sequenceMails(address: string) {
    return sink.to(address).filter((mail) => !mail.subject.startsWith('Your roof estimate from'));
  }

  async function contractor(
    plan: Plan,
    sequence?: Partial<Prisma.FollowUpSequenceCreateWithoutUserInput>,
  ) {
    return prisma.user.create({
      data: {
        email: `owner-${randomUUID()}@roofers.test`,
        fullName: 'Pat Contractor',
        businessProfile: { create: { businessName: 'Sunny Roofing', newLeadReminderMinutes: 0 } },
        ...(plan && { subscription: { create: { plan, status: 'active' } } }),
        ...(sequence && {
          followUpSequence: {
            create: {
              enabled: true,
              steps: DEFAULT_FOLLOW_UP_SEQUENCE.steps,
              stopStatuses: DEFAULT_FOLLOW_UP_SEQUENCE.stopStatuses,
              ...sequence,
            },
          },
        }),
      },
    });
  }

  /** A lead captured `daysAgo` days ago with its `lead.captured` event. */
  async function capture(
    ownerId: string,
    daysAgo: number,
    data: Partial<Prisma.LeadUncheckedCreateInput> = {},
  ) {
    const lead = await prisma.lead.create({
      data: {
        ownerId,
        firstName: 'Maria',
        lastName: 'Garcia',
        email: `maria.${randomUUID()}@homes.test`,
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
        createdAt: new Date(Date.now() - daysAgo * DAY_MS),
        ...data,
      },
    });
    const outboxId = await prisma.$transaction((tx) =>
      new OutboxService().add(tx, 'lead.captured', { leadId: lead.id, ownerId }),
    );
    return { lead, outboxId };
  }

  async function settled(outboxId: string): Promise<Job> {
    return eventually(async () => {
      const state = await queue.getJobState(outboxId);
      return (state === 'completed' || state === 'failed') && queue.getJob(outboxId);
    }, 30_000);
  }

  async function scheduleOutcome(outboxId: string): Promise<string> {
    const results = (await settled(outboxId)).returnvalue as Record<string, { followUps: string }>;
    return results['FollowUpStepsJob.schedule']!.followUps;
  }

  async function stepOutcome(outboxId: string): Promise<string> {
    return ((await settled(outboxId)).returnvalue as { outcome: string }).outcome;
  }

  const timeline = (leadId: string) =>
    prisma.leadEvent.findMany({
      where: {
        leadId,
        type: { in: ['follow_up_sent', 'follow_up_skipped', 'follow_ups_stopped'] },
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { type: true, detail: true },
    });

  const dueSteps = (leadId: string) =>
    prisma.outboxEvent.findMany({
      where: { topic: 'follow-up.step-due', payload: { path: ['leadId'], equals: leadId } },
      orderBy: { availableAt: 'asc' },
    });

  it('sends the default sequence in order, each step once, and shows each in the timeline', async () => {
    const owner = await contractor('smart');
    const { lead } = await capture(owner.id, 10);

    const mails = await eventually(
      () => sequenceMails(lead.email).length === 2 && sequenceMails(lead.email),
    );
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Any questions about your roof estimate, Maria?',
      'Still thinking about your roof?',
    ]);
    expect(mails[0]!.text).toContain('($7,310 - $12,793 for Asphalt shingles)');
    expect(mails[0]!.text).toContain('Sunny Roofing');
    expect(mails[0]!.headers['message-id']).toBe(`<follow-up.${lead.id}.0@rafter.test>`);
    await eventually(async () => (await timeline(lead.id)).length === 2);
    expect(await timeline(lead.id)).toEqual([
      {
        type: 'follow_up_sent',
        detail: 'Day 2 · E-mail sent: Any questions about your roof estimate, Maria?',
      },
      { type: 'follow_up_sent', detail: 'Day 7 · E-mail sent: Still thinking about your roof?' },
    ]);

    // A step delivered again (a lost job sent twice) is done once.
    const again = await prisma.$transaction((tx) =>
      new OutboxService().add(tx, 'follow-up.step-due', {
        leadId: lead.id,
        ownerId: owner.id,
        step: 0,
      }),
    );
    expect(await stepOutcome(again)).toBe('already-done');
    await sleep(200);
    expect(sequenceMails(lead.email)).toHaveLength(2);
  });

  it('waits each step’s days after the request, and stops when the lead leaves New', async () => {
    const owner = await contractor('instant');
    const { lead } = await capture(owner.id, 3);

    await eventually(() => sequenceMails(lead.email).length === 1);
    const [, next] = await eventually(async () => {
      const steps = await dueSteps(lead.id);
      return steps.length === 2 && steps;
    });
    // Day 7 of a lead captured 3 days ago: 4 days from now.
    expect(next!.availableAt.getTime()).toBe(lead.createdAt.getTime() + 7 * DAY_MS);
    expect(next!.publishedAt).toBeNull();

    await prisma.lead.update({ where: { id: lead.id }, data: { status: 'contacted' } });
    await prisma.outboxEvent.update({ where: { id: next!.id }, data: { availableAt: new Date() } });
    expect(await stepOutcome(next!.id)).toBe('stopped');
    expect(sequenceMails(lead.email)).toHaveLength(1);
    expect((await timeline(lead.id)).at(-1)).toEqual({
      type: 'follow_ups_stopped',
      detail: 'Follow-ups stopped: the lead is Contacted',
    });
  });

  it('goes on past statuses the contractor did not pick', async () => {
    const owner = await contractor('smart', { stopStatuses: ['converted', 'lost'] });
    const { lead } = await capture(owner.id, 10, { status: 'contacted' });
    await eventually(() => sequenceMails(lead.email).length === 2);
  });

  it('records a step it cannot send, with why, and goes on to the next', async () => {
    const owner = await contractor('smart', {
      steps: [
        { channel: 'text', delayDays: 1, body: 'Hi {{firstName}}, questions? {{contractorPhone}}' },
        DEFAULT_FOLLOW_UP_SEQUENCE.steps[1]!,
      ],
    });
    const { lead } = await capture(owner.id, 10);
    await eventually(() => sequenceMails(lead.email).length === 1);
    await eventually(async () => (await timeline(lead.id)).length === 2);
    const [skipped] = await timeline(lead.id);
    expect(skipped!.type).toBe('follow_up_skipped');
    expect(skipped!.detail).toMatch(/^Day 1 · Text message not sent: /);
  });

  it('sends each e-mail in the contractor’s layout with a one-click unsubscribe, and stops once the homeowner unsubscribed', async () => {
    const owner = await contractor('smart', {
      steps: [
        DEFAULT_FOLLOW_UP_SEQUENCE.steps[0]!,
        { ...DEFAULT_FOLLOW_UP_SEQUENCE.steps[1]!, delayDays: 30 },
      ],
    });
    const { lead } = await capture(owner.id, 10);
    const [mail] = await eventually(() => {
      const mails = sink.to(lead.email).filter((m) => m.subject.startsWith('Any questions'));
      return mails.length > 0 && mails;
    });
    expect(mail!.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/rafter\.test\/api\/email\/unsubscribe\?token=/,
    );
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers['reply-to']).toBe(owner.email);
    expect(mail!.text).toContain('Unsubscribe: https://rafter.test/api/email/unsubscribe?token=');

    await prisma.emailSuppression.create({
      data: { ownerId: owner.id, email: lead.email.toUpperCase(), reason: 'unsubscribed' },
    });
    const [next] = await eventually(async () => {
      const steps = (await dueSteps(lead.id)).filter(
        (row) => (row.payload as { step: number }).step === 1,
      );
      return steps.length === 1 && steps;
    });
    await prisma.outboxEvent.update({ where: { id: next!.id }, data: { availableAt: new Date() } });
    expect(await stepOutcome(next!.id)).toBe('stopped');
    expect((await timeline(lead.id)).at(-1)).toEqual({
      type: 'follow_ups_stopped',
      detail: 'Follow-ups stopped: the homeowner unsubscribed',
    });
  });

  it('lets a job that crashed holding a step take it over, while another job finds it busy', async () => {
    const owner = await contractor('smart', { enabled: false });
    const { lead } = await capture(owner.id, 10);
    await prisma.followUpSequence.update({ where: { userId: owner.id }, data: { enabled: true } });
    // The job that claimed step 0 died before sending it.
    await prisma.leadFollowUp.create({
      data: { leadId: lead.id, ownerId: owner.id, step: 0, claim: 'crashed-job' },
    });
    expect(await followUps.runStep(lead.id, 0, 'another-job')).toBe('being-done');
    expect(sequenceMails(lead.email)).toHaveLength(0);
    // BullMQ runs the stalled job again, with its id: it takes its claim over and sends.
    expect(await followUps.runStep(lead.id, 0, 'crashed-job')).toBe('sent');
    expect(await followUps.runStep(lead.id, 0, 'crashed-job')).toBe('already-done');
    await eventually(() => sequenceMails(lead.email).length === 1);
  });

  it.each([
    ['below Smart', 'starter' as Plan, undefined, {}, 'not-on-plan'],
    ['without a plan', null, undefined, {}, 'not-on-plan'],
    [
      'when the contractor turned them off',
      'smart' as Plan,
      { enabled: false },
      {},
      'follow-ups-off',
    ],
    ['for a sequence without steps', 'smart' as Plan, { steps: [] }, {}, 'follow-ups-off'],
    [
      'for a locked lead',
      'smart' as Plan,
      undefined,
      { locked: true, lockedReason: 'monthly_limit' as const },
      'not-followed-up',
    ],
    [
      'for a lead already Contacted',
      'smart' as Plan,
      undefined,
      { status: 'contacted' as const },
      'not-followed-up',
    ],
  ])('follows nothing up %s', async (_case, plan, sequence, leadData, expected) => {
    const owner = await contractor(plan, sequence);
    const { lead, outboxId } = await capture(owner.id, 10, leadData);
    expect(await scheduleOutcome(outboxId)).toBe(expected);
    await sleep(200);
    expect(sequenceMails(lead.email)).toHaveLength(0);
    expect(await dueSteps(lead.id)).toHaveLength(0);
  });
});
