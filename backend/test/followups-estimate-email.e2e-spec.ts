import { getQueueToken } from '@nestjs/bullmq';
import { formatUsd } from '@rafter/domain/estimate';
import { type FollowupSettingsView } from '@rafter/domain/followups';
import { type LeadDetail } from '@rafter/domain/crm';
import { type Job, type Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { OutboxService } from '../src/core/outbox/outbox.service';
import { QUEUES } from '../src/core/queue/jobs';
import { type SubscriptionPlan } from '../src/generated/prisma/client';
import { EstimateEmailService } from '../src/modules/followups/estimate-email.service';
import { FollowupsRepository } from '../src/modules/followups/followups.repository';
import { UnsubscribeService } from '../src/modules/followups/unsubscribe.service';
import { createAccount } from './factories/account.factory';
import { leadInput } from './factories/lead-payload.factory';
import { eventually, sleep } from './utils/async';
import { formToken } from './utils/form-token';
import { type ReceivedMail } from './utils/smtp-sink';
import { STACK_PUBLIC_URL, startTestStack, type TestStack } from './utils/stack';

/**
 * The homeowner's instant estimate e-mail (docs/followups.md): a quote request through the real
 * api and worker, e-mail to a real SMTP sink, on a fresh database.
 */
let s: TestStack;
let queue: Queue;

beforeAll(async () => {
  s = await startTestStack({
    // The worker signs the unsubscribe links the api checks.
    AUTH_SECRET: 'followups-test-secret-of-32-characters',
    RATE_LIMIT_CAPTURE_PER_IP: '0',
    RATE_LIMIT_CAPTURE_PER_OWNER: '0',
    FORM_BURST_PER_MINUTE: '0',
  });
  queue = s.worker.get<Queue>(getQueueToken(QUEUES.events), { strict: false });
}, 60_000);

afterAll(async () => {
  await s?.close();
});

interface Contractor {
  id: string;
  email: string;
  auth: { authorization: string };
}

/** A signed-in contractor on `plan` with a business profile, a brand colour and a logo. */
async function contractor(plan: SubscriptionPlan | null = 'smart'): Promise<Contractor> {
  const account = await createAccount(s.prisma);
  if (plan) {
    await s.prisma.subscription.create({
      data: {
        userId: account.id,
        plan,
        status: 'active',
        currentPeriodEnd: new Date(Date.now() + 20 * 24 * 3600 * 1000),
      },
    });
  }
  await s.prisma.businessProfile.create({
    data: {
      userId: account.id,
      businessName: 'Sunny Roofing',
      address: '500 Oak St, Austin, TX 78704',
      logoUrl: '/uploads/logos/sunny.png',
    },
  });
  await s.prisma.shareableCalculatorLink.create({
    data: { userId: account.id, slug: randomUUID(), brandColor: '#1d4ed8' },
  });
  const signIn = await s.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: account.email, password: account.password },
  });
  expect(signIn.statusCode).toBe(200);
  const { accessToken } = signIn.json<{ accessToken: string }>();
  return { id: account.id, email: account.email, auth: { authorization: `Bearer ${accessToken}` } };
}

/** A homeowner's quote request from the contractor's widget; the stored lead's id. */
async function quoteRequest(ownerId: string, email: string): Promise<string> {
  const response = await s.app.inject({
    method: 'POST',
    url: '/api/capture-lead',
    payload: {
      ownerId,
      lead: leadInput({ email, firstName: 'Maria', lastName: 'Garcia' }),
      website: '',
      formToken: formToken(s.app, ownerId),
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

/** The finished job of the lead's `lead.captured` outbox row. */
async function capturedJob(leadId: string): Promise<Job> {
  const row = await eventually(
    async () =>
      (await s.prisma.outboxEvent.findFirst({
        where: { topic: 'lead.captured', payload: { path: ['leadId'], equals: leadId } },
      })) ?? undefined,
  );
  return settledJob(row.id);
}

async function settledJob(outboxId: string): Promise<Job> {
  return eventually(async () => {
    const state = await queue.getJobState(outboxId);
    return (state === 'completed' || state === 'failed') && queue.getJob(outboxId);
  }, 30_000);
}

function estimateOutcome(job: Job): string {
  return (job.returnvalue as Record<string, { outcome: string }>)['SendEstimateEmailJob.run']!
    .outcome;
}

function homeowner(): string {
  return `maria.${randomUUID().slice(0, 8)}@homes.test`;
}

const timeline = async (ownerId: string, leadId: string) =>
  (
    await s.prisma.leadEvent.findMany({
      where: { ownerId, leadId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    })
  ).map((event) => event.type);

function unsubscribeUrl(mail: ReceivedMail): URL {
  const header = mail.headers['list-unsubscribe'] ?? '';
  const match = /^<(https?:\/\/[^>]+)>$/.exec(header);
  expect(match).not.toBeNull();
  return new URL(match![1]!);
}

describe('the estimate e-mail', () => {
  it('e-mails the homeowner their estimate once, branded, with Reply-To and one-click unsubscribe', async () => {
    const owner = await contractor('smart');
    const saved = await s.app.inject({
      method: 'PUT',
      url: '/api/followups/settings',
      headers: owner.auth,
      payload: { estimateEmail: true, phone: '512.555.0177' },
    });
    expect(saved.statusCode).toBe(200);
    const to = homeowner();
    const leadId = await quoteRequest(owner.id, to);

    const [mail] = await eventually(() => s.sink.to(to).length > 0 && s.sink.to(to));
    const lead = await s.prisma.lead.findUniqueOrThrow({ where: { id: leadId } });
    expect(mail!.subject).toBe('Your roof estimate from Sunny Roofing');
    expect(mail!.headers.from).toBe('Sunny Roofing <no-reply@rafter.app>');
    expect(mail!.headers['reply-to']).toBe(owner.email);
    expect(mail!.headers['message-id']).toBe(`<estimate.${leadId}@rafter.test>`);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = unsubscribeUrl(mail!);
    expect(link.origin + link.pathname).toBe(`${STACK_PUBLIC_URL}/api/email/unsubscribe`);
    expect(link.searchParams.get('token')).toMatch(/^[\w-]+\.[\w-]+$/);

    for (const body of [mail!.text, mail!.html]) {
      for (const expected of [
        'Maria Garcia',
        '123 Main St, Austin, TX 78701, USA',
        `${lead.roofArea.toLocaleString('en-US')} sq ft`,
        'Asphalt shingles',
        formatUsd(lead.estimateLow),
        formatUsd(lead.estimateMid),
        formatUsd(lead.estimateHigh),
        'What happens next',
        '(512) 555-0177',
        owner.email,
        '500 Oak St, Austin, TX 78704',
      ]) {
        expect(body).toContain(expected);
      }
    }
    expect(mail!.html).toContain('src="https://rafter.test/uploads/logos/sunny.png"');
    expect(mail!.html).toContain('#1d4ed8');
    expect(mail!.html).toContain(`href="${link.href.replace(/&/g, '&amp;')}"`);
    expect(mail!.text).toContain(`Unsubscribe: ${link.href}`);
    // The homeowner's e-mail carries no tracking: no image but the logo.
    expect(mail!.html.match(/<img\b/g)).toHaveLength(1);

    expect(estimateOutcome(await capturedJob(leadId))).toBe('sent');
    await eventually(async () => (await timeline(owner.id, leadId)).includes('estimate_emailed'));
    const detail = await s.app.inject({ url: `/api/leads/${leadId}`, headers: owner.auth });
    expect(detail.json<LeadDetail>().timeline.map((entry) => entry.type)).toEqual([
      'created',
      'estimate_emailed',
    ]);
    // The contractor's own new-lead e-mail still goes out beside it.
    await eventually(() => s.sink.to(owner.email).length === 1);
    await sleep(300);
    expect(s.sink.to(to)).toHaveLength(1);
  });

  it.each<[string, SubscriptionPlan | null]>([
    ['starter', 'starter'],
    ['no plan', null],
  ])('sends nothing on %s', async (_label, plan) => {
    const owner = await contractor(plan);
    const to = homeowner();
    const leadId = await quoteRequest(owner.id, to);
    const job = await capturedJob(leadId);
    expect(estimateOutcome(job)).toBe(plan ? 'plan-without-followups' : 'lead-locked');
    expect(s.sink.to(to)).toHaveLength(0);
    expect(await timeline(owner.id, leadId)).not.toContain('estimate_emailed');
  });

  it.each(['marketplace', 'api'] as const)(
    "sends nothing for a %s lead: only the homeowner's own quote request is answered",
    async (source) => {
      const owner = await contractor('smart');
      const lead = await s.prisma.lead.create({
        data: {
          ownerId: owner.id,
          source,
          firstName: 'Shared',
          lastName: 'Lead',
          email: homeowner(),
          phone: '5125550100',
          address: '9 Elm St, Austin, TX 78702',
          zipCode: '78702',
          ownership: 'owner',
          material: 'asphalt',
          stories: 'one',
        },
      });
      const outboxId = await s.prisma.$transaction((tx) =>
        new OutboxService().add(tx, 'lead.captured', { leadId: lead.id, ownerId: owner.id }),
      );
      expect(estimateOutcome(await settledJob(outboxId))).toBe('not-a-quote-request');
      expect(s.sink.to(lead.email)).toHaveLength(0);
    },
  );

  it("sends nothing when the contractor turned 'E-mail homeowners their estimate' off", async () => {
    const owner = await contractor('instant');
    const off = await s.app.inject({
      method: 'PUT',
      url: '/api/followups/settings',
      headers: owner.auth,
      payload: { estimateEmail: false, phone: null },
    });
    expect(off.json<FollowupSettingsView>()).toEqual({ estimateEmail: false, phone: null });
    const to = homeowner();
    const leadId = await quoteRequest(owner.id, to);
    expect(estimateOutcome(await capturedJob(leadId))).toBe('setting-off');
    expect(s.sink.to(to)).toHaveLength(0);
  });

  it('sends once when the event is duplicated, and a re-run of the same job sends nothing', async () => {
    const owner = await contractor('smart');
    const to = homeowner();
    const leadId = await quoteRequest(owner.id, to);
    expect(estimateOutcome(await capturedJob(leadId))).toBe('sent');
    // The same event relayed again (a second outbox row), and the first job run again.
    const again = await s.prisma.$transaction((tx) =>
      new OutboxService().add(tx, 'lead.captured', { leadId, ownerId: owner.id }),
    );
    expect(estimateOutcome(await settledJob(again))).toBe('already-sent');
    const service = s.worker.get(EstimateEmailService);
    const first = await s.prisma.outboxEvent.findFirstOrThrow({
      where: { topic: 'lead.captured', payload: { path: ['leadId'], equals: leadId } },
      orderBy: { createdAt: 'asc' },
    });
    await expect(service.send(owner.id, leadId, first.id)).resolves.toBe('already-sent');
    await sleep(300);
    expect(s.sink.to(to)).toHaveLength(1);
    expect(
      (await timeline(owner.id, leadId)).filter((type) => type === 'estimate_emailed'),
    ).toHaveLength(1);
  });

  it('lets only the job holding the claim send; its own run after a crash takes over', async () => {
    const owner = await contractor('smart');
    // Stored without its event, so only the calls below send.
    const lead = await s.prisma.lead.create({
      data: {
        ownerId: owner.id,
        firstName: 'Crash',
        lastName: 'Test',
        email: homeowner(),
        phone: '5125550100',
        address: '9 Elm St, Austin, TX 78702',
        zipCode: '78702',
        ownership: 'owner',
        material: 'metal',
        stories: 'one',
        roofArea: 1800,
        estimateLow: 10_800,
        estimateMid: 14_400,
        estimateHigh: 18_000,
      },
    });
    const repository = s.worker.get(FollowupsRepository);
    const service = s.worker.get(EstimateEmailService);
    // job-1 claimed it and died before sending.
    expect((await repository.claimMessage(owner.id, lead.id, 'estimate', 'job-1')).outcome).toBe(
      'claimed',
    );
    await expect(service.send(owner.id, lead.id, 'job-2')).resolves.toBe('being-sent');
    expect(s.sink.to(lead.email)).toHaveLength(0);
    await expect(service.send(owner.id, lead.id, 'job-1')).resolves.toBe('sent');
    await expect(service.send(owner.id, lead.id, 'job-1')).resolves.toBe('already-sent');
    await eventually(() => s.sink.to(lead.email).length === 1);
  });

  it('retries when the mail server refuses, and still sends exactly once', async () => {
    const owner = await contractor('smart');
    const to = homeowner();
    s.sink.failNext(2);
    const leadId = await quoteRequest(owner.id, to);
    const job = await capturedJob(leadId);
    expect(await job.getState()).toBe('completed');
    expect(job.attemptsMade).toBeGreaterThanOrEqual(1);
    await sleep(300);
    expect(s.sink.to(to)).toHaveLength(1);
    expect(s.sink.to(owner.email)).toHaveLength(1);
  }, 40_000);
});

describe('unsubscribing', () => {
  it('confirms on GET, unsubscribes on one-click POST, and holds back the next e-mail', async () => {
    const owner = await contractor('smart');
    const to = homeowner();
    const firstLead = await quoteRequest(owner.id, to);
    const [mail] = await eventually(() => s.sink.to(to).length > 0 && s.sink.to(to));
    const link = unsubscribeUrl(mail!);
    const path = `${link.pathname}${link.search}`;

    const page = await s.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Unsubscribe?');
    expect(page.body).toContain('Sunny Roofing');
    expect(page.body).toContain('<form method="post"');
    // Looking is not unsubscribing: scanners open links.
    expect(await s.prisma.emailSuppression.count({ where: { ownerId: owner.id } })).toBe(0);

    const oneClick = await s.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');
    const entries = await s.prisma.emailSuppression.findMany({ where: { ownerId: owner.id } });
    expect(entries.map((entry) => [entry.email, entry.reason])).toEqual([[to, 'unsubscribed']]);
    expect(await timeline(owner.id, firstLead)).toContain('unsubscribed');

    // Again (a person clicking after the mail client did): still fine, recorded once.
    const twice = await s.app.inject({ method: 'POST', url: path });
    expect(twice.statusCode).toBe(200);
    expect((await s.app.inject({ url: path })).body).toContain('You are unsubscribed');
    expect(
      (await timeline(owner.id, firstLead)).filter((type) => type === 'unsubscribed'),
    ).toHaveLength(1);

    // The next quote request from that address (any case) gets no e-mail, and says why.
    const secondLead = await quoteRequest(owner.id, to.toUpperCase());
    expect(estimateOutcome(await capturedJob(secondLead))).toBe('unsubscribed');
    await eventually(async () =>
      (await timeline(owner.id, secondLead)).includes('estimate_email_suppressed'),
    );
    expect(s.sink.to(to)).toHaveLength(1);
    expect(s.sink.to(to.toUpperCase())).toHaveLength(0);

    // Another contractor's e-mails are not affected.
    const other = await contractor('smart');
    await quoteRequest(other.id, to);
    await eventually(() => s.sink.to(to).length === 2);
  });

  it('enters the unsubscribe on the homeowner’s latest lead of that contractor', async () => {
    const owner = await contractor('smart');
    const to = homeowner();
    const older = await quoteRequest(owner.id, to);
    await eventually(() => s.sink.to(to).length === 1);
    const newer = await quoteRequest(owner.id, to);
    await eventually(() => s.sink.to(to).length === 2);
    // The link of the older lead's e-mail.
    const url = s.worker.get(UnsubscribeService).url({ ownerId: owner.id, leadId: older });
    const response = await s.app.inject({
      method: 'POST',
      url: new URL(url).pathname + new URL(url).search,
    });
    expect(response.statusCode).toBe(200);
    expect(await timeline(owner.id, newer)).toContain('unsubscribed');
    expect(await timeline(owner.id, older)).not.toContain('unsubscribed');
  });

  it.each([
    ['no token', ''],
    ['a malformed token', '?token=nope'],
    [
      'a forged token',
      `?token=${Buffer.alloc(32, 1).toString('base64url')}.${Buffer.alloc(16, 2).toString('base64url')}`,
    ],
  ])('answers 400 with a clear page for %s', async (_label, query) => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await s.app.inject({ method, url: `/api/email/unsubscribe${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('This unsubscribe link is not valid');
    }
  });

  it('answers 404 when the lead the link names was deleted', async () => {
    const owner = await contractor('smart');
    const url = new URL(
      s.worker.get(UnsubscribeService).url({ ownerId: owner.id, leadId: randomUUID() }),
    );
    const response = await s.app.inject({ method: 'POST', url: url.pathname + url.search });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Nothing to unsubscribe from');
  });
});

describe('GET and PUT /api/followups/settings', () => {
  it('answers 401 without a session', async () => {
    expect((await s.app.inject({ url: '/api/followups/settings' })).statusCode).toBe(401);
    const put = await s.app.inject({
      method: 'PUT',
      url: '/api/followups/settings',
      payload: { estimateEmail: false, phone: null },
    });
    expect(put.statusCode).toBe(401);
  });

  it('answers the defaults before anything is saved, on any plan', async () => {
    const owner = await contractor('starter');
    const response = await s.app.inject({ url: '/api/followups/settings', headers: owner.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ estimateEmail: true, phone: null });
  });

  it('answers 403 below Smart', async () => {
    const owner = await contractor('starter');
    const response = await s.app.inject({
      method: 'PUT',
      url: '/api/followups/settings',
      headers: owner.auth,
      payload: { estimateEmail: false, phone: null },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: string }>().error).toMatch(/Smart Estimator/);
  });

  it.each([
    [{ estimateEmail: 'no', phone: null }, 'estimateEmail'],
    [{ estimateEmail: true, phone: '555-01' }, 'phone'],
    [{ phone: null }, 'estimateEmail'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const owner = await contractor('smart');
    const response = await s.app.inject({
      method: 'PUT',
      url: '/api/followups/settings',
      headers: owner.auth,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(field);
  });

  it("saves the owner's own settings and reads them back", async () => {
    const owner = await contractor('smart');
    const other = await contractor('smart');
    const saved = await s.app.inject({
      method: 'PUT',
      url: '/api/followups/settings',
      headers: owner.auth,
      payload: { estimateEmail: false, phone: '(512) 555-0100' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ estimateEmail: false, phone: '5125550100' });
    const read = await s.app.inject({ url: '/api/followups/settings', headers: owner.auth });
    expect(read.json()).toEqual({ estimateEmail: false, phone: '5125550100' });
    const others = await s.app.inject({ url: '/api/followups/settings', headers: other.auth });
    expect(others.json()).toEqual({ estimateEmail: true, phone: null });
  });
});
