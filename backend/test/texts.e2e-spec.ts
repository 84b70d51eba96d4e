import { type LeadDetail } from '@rafter/domain/crm';
import { formatEstimateRange } from '@rafter/domain/estimate';
import { TEXT_CONSENT_WORDING } from '@rafter/domain/text-consent';
import { randomUUID } from 'node:crypto';
import twilio from 'twilio';
import { type FakeTwilio } from '../src/dev/twilio/fake-twilio.server';
import { SessionsService } from '../src/modules/auth/sessions.service';
import { FollowUpsService } from '../src/modules/follow-ups/follow-ups.service';
import { TextsService } from '../src/modules/texts/texts.service';
import { leadInput } from './factories/lead-payload.factory';
import { createOwner, type OwnerOptions } from './factories/owner.factory';
import { eventually, sleep } from './utils/async';
import { formToken } from './utils/form-token';
import { STACK_PUBLIC_URL } from './utils/stack';
import { startTextsStack, type TextsStack } from './utils/texts-stack';

const INBOUND_URL = `${STACK_PUBLIC_URL}/api/texts/inbound`;
/** Noon and 1 am in Austin (78701, Central time) on a Wednesday. */
const AUSTIN_NOON = new Date('2026-12-02T18:00:00.000Z');
const AUSTIN_1AM = new Date('2026-12-02T07:00:00.000Z');
/** 10:00 in Austin (CDT), 11:00 in New York: inside every continental window. */
const DAYTIME = new Date('2026-07-15T15:00:00Z');

describe('Text messages (fake Twilio through the twilio SDK)', () => {
  let fake: FakeTwilio;
  let t: TextsStack;
  let texts: TextsService;

  beforeAll(async () => {
    t = await startTextsStack();
    fake = t.fake;
    texts = t.app.get(TextsService);
  });

  afterAll(async () => {
    await t?.close();
  });

  const owner = (options: OwnerOptions = {}) =>
    createOwner(t.prisma, { profile: { businessName: 'Sunny Roofing' }, ...options });

  /** A quote request through POST /api/capture-lead, as the widget sends it. */
  async function capture(
    ownerId: string,
    extra: { textConsent?: boolean; phone?: string; zipCode?: string } = {},
  ): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/capture-lead',
      remoteAddress: '203.0.113.7',
      payload: {
        ownerId,
        lead: leadInput({
          phone: extra.phone ?? '(512) 555-0100',
          zipCode: extra.zipCode ?? '78701',
          email: `${randomUUID()}@example.com`,
        }),
        formToken: formToken(t.app, ownerId),
        ...(extra.textConsent === undefined ? {} : { textConsent: extra.textConsent }),
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  }

  /** Waits until the worker has sent the lead's welcome text or held it until morning. */
  async function welcomeSettled(ownerId: string, leadId: string): Promise<void> {
    await eventually(async () => {
      const sent = await t.prisma.textMessage.count({
        where: { idempotencyKey: `lead-welcome:${leadId}` },
      });
      const held = await t.prisma.outboxEvent.count({
        where: { topic: 'text.welcome-due', payload: { equals: { leadId, ownerId } } },
      });
      return sent + held > 0 ? true : undefined;
    });
  }

  /** An inbound text as Twilio posts it: form-encoded, signed with the auth token. */
  async function inbound(from: string, body: string, signature?: string) {
    const params = { From: from, To: fake.fromNumber, Body: body, MessageSid: `SM${randomUUID()}` };
    return t.app.inject({
      method: 'POST',
      url: '/api/texts/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature':
          signature ?? twilio.getExpectedTwilioSignature(fake.authToken, INBOUND_URL, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
  }

  const sentTo = (to: string) => fake.messages.filter((m) => m.to === to);

  async function timeline(ownerId: string, leadId: string) {
    const { session } = await t.app.get(SessionsService).issue(ownerId, {});
    const response = await t.app.inject({
      url: `/api/leads/${leadId}`,
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    return response.json<LeadDetail>().timeline.map((entry) => entry.type);
  }

  it('stores the consent with its time, IP and wording, and texts the homeowner once', async () => {
    const { id: ownerId } = await owner();
    const phone = '(512) 555-0111';
    const leadId = await capture(ownerId, { textConsent: true, phone });
    const lead = await t.prisma.lead.findUniqueOrThrow({ where: { id: leadId } });
    expect(lead.textConsentAt).toBeInstanceOf(Date);
    expect(lead.textConsentIp).toBe('203.0.113.7');
    expect(lead.textConsentWording).toBe(TEXT_CONSENT_WORDING);

    // The welcome text goes out at once only inside the homeowner's daytime; it is queued by the
    // worker with the capture's own clock, so here it is asked for with a fixed one instead.
    const result = await texts.sendToHomeowner({
      ownerId,
      leadId,
      body: 'Your estimate is ready.',
      idempotencyKey: `test:${leadId}`,
      now: DAYTIME,
    });
    expect(result).toEqual({ sent: true, messageId: expect.any(String) });
    const message = await eventually(() =>
      fake.messages.find((m) => m.to === '+15125550111' && m.body.includes('estimate is ready')),
    );
    expect(message.body).toBe('Sunny Roofing: Your estimate is ready. Reply STOP to opt out.');
    expect(message.from).toBe(fake.fromNumber);
    await eventually(async () => {
      const row = await t.prisma.textMessage.findUniqueOrThrow({
        where: { idempotencyKey: `test:${leadId}` },
      });
      return row.status === 'sent' && row.providerId === message.sid;
    });
  });

  it('texts nobody who did not tick the box', async () => {
    const { id: ownerId } = await owner();
    const leadId = await capture(ownerId, { phone: '(512) 555-0112' });
    const lead = await t.prisma.lead.findUniqueOrThrow({ where: { id: leadId } });
    expect([lead.textConsentAt, lead.textConsentIp, lead.textConsentWording]).toEqual([
      null,
      null,
      null,
    ]);
    await expect(
      texts.sendToHomeowner({
        ownerId,
        leadId,
        body: 'Hello',
        idempotencyKey: `test:${leadId}`,
        now: DAYTIME,
      }),
    ).resolves.toEqual({ sent: false, reason: 'no_consent' });
    const unticked = await capture(ownerId, { textConsent: false, phone: '(512) 555-0112' });
    await expect(
      texts.sendToHomeowner({
        ownerId,
        leadId: unticked,
        body: 'Hello',
        idempotencyKey: `test:${unticked}`,
        now: DAYTIME,
      }),
    ).resolves.toEqual({ sent: false, reason: 'no_consent' });
    await sleep(500);
    expect(sentTo('+15125550112')).toEqual([]);
  });

  it('refuses a text outside 8 am-9 pm in the homeowner zone and says when it may go', async () => {
    const { id: ownerId } = await owner();
    // Honolulu: 22:30 HST on 14 July is 08:30 UTC on the 15th.
    const leadId = await capture(ownerId, {
      textConsent: true,
      phone: '(808) 555-0113',
      zipCode: '96813',
    });
    const result = await texts.sendToHomeowner({
      ownerId,
      leadId,
      body: 'Hello',
      idempotencyKey: `test:${leadId}`,
      now: new Date('2026-07-15T08:30:00Z'),
    });
    expect(result).toEqual({
      sent: false,
      reason: 'quiet_hours',
      retryAt: new Date('2026-07-15T18:00:00Z'), // 8:00 HST
    });
    expect(await t.prisma.textMessage.count({ where: { leadId, audience: 'homeowner' } })).toBe(0);
  });

  it("holds the homeowner's first text until 8 am where they live, then asks again under the same key", async () => {
    const { id: ownerId } = await owner();
    const leadId = await capture(ownerId, { textConsent: true, phone: '(512) 555-0119' });
    // 02:00 in Austin.
    const night = new Date('2026-07-15T07:00:00Z');
    await expect(texts.welcomeHomeowner(ownerId, leadId, night)).resolves.toEqual({
      sent: false,
      reason: 'quiet_hours',
      retryAt: new Date('2026-07-15T13:00:00Z'),
    });
    const due = await t.prisma.outboxEvent.findFirstOrThrow({
      where: { topic: 'text.welcome-due', payload: { equals: { leadId, ownerId } } },
    });
    expect(due.availableAt).toEqual(new Date('2026-07-15T13:00:00Z'));
    // Morning comes: the worker handles it, and the key allows one welcome text in all.
    await t.prisma.outboxEvent.update({ where: { id: due.id }, data: { availableAt: new Date() } });
    await eventually(async () =>
      (await t.prisma.outboxEvent.findUniqueOrThrow({ where: { id: due.id } })).publishedAt
        ? true
        : undefined,
    );
    await sleep(500);
    expect(
      await t.prisma.textMessage.count({ where: { idempotencyKey: `lead-welcome:${leadId}` } }),
    ).toBeLessThanOrEqual(1);
    expect(sentTo('+15125550119').length).toBeLessThanOrEqual(1);
  });

  it('sends one text for one idempotency key, however often it is asked', async () => {
    const { id: ownerId } = await owner();
    const leadId = await capture(ownerId, { textConsent: true, phone: '(512) 555-0114' });
    const ask = () =>
      texts.sendToHomeowner({
        ownerId,
        leadId,
        body: 'Any questions about your roof?',
        idempotencyKey: `step-2:${leadId}`,
        now: DAYTIME,
      });
    const results = await Promise.all([ask(), ask(), ask()]);
    const again = await ask();
    const ids = new Set([...results, again].map((r) => (r.sent ? r.messageId : r.reason)));
    expect(ids.size).toBe(1);
    await eventually(() => sentTo('+15125550114').some((m) => m.body.includes('Any questions')));
    await sleep(1000);
    expect(sentTo('+15125550114').filter((m) => m.body.includes('Any questions'))).toHaveLength(1);
    expect(
      await t.prisma.textMessage.count({ where: { idempotencyKey: `step-2:${leadId}` } }),
    ).toBe(1);
  });

  it('names an invalid number as the reason', async () => {
    const { id: ownerId } = await owner();
    const leadId = await capture(ownerId, { textConsent: true, phone: '555-555-5555' });
    await expect(
      texts.sendToHomeowner({
        ownerId,
        leadId,
        body: 'Hello',
        idempotencyKey: `test:${leadId}`,
        now: DAYTIME,
      }),
    ).resolves.toEqual({ sent: false, reason: 'invalid_number' });
  });

  it('STOP opts the number out for that contractor, in the timeline and as an event; START reverses it; HELP answers', async () => {
    const { id: ownerId } = await owner();
    await t.prisma.textSettings.create({
      data: { userId: ownerId, mobilePhone: '+15125550190', textNewLeads: false },
    });
    const leadId = await capture(ownerId, { textConsent: true, phone: '(512) 555-0115' });
    const first = await texts.sendToHomeowner({
      ownerId,
      leadId,
      body: 'Hello',
      idempotencyKey: `test:${leadId}`,
      now: DAYTIME,
    });
    expect(first.sent).toBe(true);

    const help = await inbound('+15125550115', 'help');
    expect(help.statusCode).toBe(200);
    expect(help.headers['content-type']).toMatch(/^text\/xml/);
    expect(help.body).toContain('Sunny Roofing');
    expect(help.body).toContain('(512) 555-0190');

    const stop = await inbound('+15125550115', 'STOP');
    expect(stop.statusCode).toBe(200);
    expect(stop.body).toMatch(/<Message>Sunny Roofing: You are unsubscribed/);
    expect(
      await t.prisma.textSuppression.count({ where: { ownerId, phone: '+15125550115' } }),
    ).toBe(1);
    expect(await timeline(ownerId, leadId)).toContain('texts_stopped');
    const event = await t.prisma.outboxEvent.findFirst({ where: { topic: 'lead.texts-stopped' } });
    expect(event?.payload).toMatchObject({ leadId, ownerId });
    // The worker has a handler for it (the dashboards refresh the lead), so it is relayed.
    await eventually(async () =>
      (await t.prisma.outboxEvent.findUniqueOrThrow({ where: { id: event!.id } })).publishedAt
        ? true
        : undefined,
    );
    // A second STOP changes nothing.
    await inbound('+15125550115', 'stop');
    expect(await t.prisma.outboxEvent.count({ where: { topic: 'lead.texts-stopped' } })).toBe(1);

    await expect(
      texts.sendToHomeowner({
        ownerId,
        leadId,
        body: 'Still there?',
        idempotencyKey: `test2:${leadId}`,
        now: DAYTIME,
      }),
    ).resolves.toEqual({ sent: false, reason: 'suppressed' });

    // Another contractor's texts to the same number are not affected.
    const { id: otherOwner } = await owner();
    const otherLead = await capture(otherOwner, { textConsent: true, phone: '(512) 555-0115' });
    const other = await texts.sendToHomeowner({
      ownerId: otherOwner,
      leadId: otherLead,
      body: 'Hello from us',
      idempotencyKey: `test:${otherLead}`,
      now: DAYTIME,
    });
    expect(other.sent).toBe(true);

    // START answers the contractor who texted last. The worker's welcome text to the other lead
    // (or its hold until morning) is settled first, so no text of theirs lands after this.
    await welcomeSettled(otherOwner, otherLead);
    await t.prisma.textMessage.updateMany({
      where: { ownerId: otherOwner },
      data: { createdAt: new Date(Date.now() - 3600_000) },
    });
    const start = await inbound('+15125550115', 'START');
    expect(start.body).toContain('resubscribed');
    expect(await t.prisma.textSuppression.count({ where: { ownerId } })).toBe(0);
    expect(await timeline(ownerId, leadId)).toEqual(
      expect.arrayContaining(['texts_stopped', 'texts_resumed']),
    );
    const resumed = await texts.sendToHomeowner({
      ownerId,
      leadId,
      body: 'Welcome back',
      idempotencyKey: `test3:${leadId}`,
      now: DAYTIME,
    });
    expect(resumed.sent).toBe(true);
  });

  it('answers 403 to an inbound text without a valid signature', async () => {
    const forged = await inbound('+15125550115', 'STOP', 'bm90IGEgc2lnbmF0dXJl');
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ error: 'The request is not signed by Twilio' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/texts/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'From=%2B15125550115&Body=STOP',
    });
    expect(unsigned.statusCode).toBe(403);
  });

  it("texts the contractor's mobile within seconds of a new lead (speed to lead)", async () => {
    const { id: ownerId } = await owner();
    await t.prisma.textSettings.create({
      data: { userId: ownerId, mobilePhone: '+15125550191', textNewLeads: true },
    });
    const leadId = await capture(ownerId, { phone: '(512) 555-0116' });
    const message = await eventually(() => sentTo('+15125550191')[0], 10_000);
    const lead = await t.prisma.lead.findUniqueOrThrow({ where: { id: leadId } });
    const estimate = formatEstimateRange({ low: lead.estimateLow, high: lead.estimateHigh });
    expect(message.body).toBe(
      `Rafter: New lead: Ana Ruiz, (512) 555-0116, estimate ${estimate}. ${STACK_PUBLIC_URL}/dashboard?tab=leads&lead=${leadId}`,
    );
    expect(message.from).toBe(fake.fromNumber);
  });

  it('announces a locked lead without its contact details', async () => {
    const { id: ownerId } = await owner({ plan: 'smart', status: 'active' });
    await t.prisma.textSettings.create({
      data: { userId: ownerId, mobilePhone: '+15125550192', textNewLeads: true },
    });
    // The month's 50 leads are used up, so the next one is stored locked.
    await t.prisma.lead.createMany({
      data: Array.from({ length: 50 }, (_, i) => ({
        ownerId,
        firstName: 'Old',
        lastName: `Lead ${i}`,
        email: `old${i}@example.com`,
        phone: '5125550100',
        address: '1 Old St',
        zipCode: '78701',
        ownership: 'owner' as const,
        material: 'asphalt' as const,
        stories: 'one' as const,
      })),
    });
    const leadId = await capture(ownerId, { phone: '(512) 555-0117' });
    const message = await eventually(() => sentTo('+15125550192')[0], 10_000);
    expect(message.body).toContain('New lead (locked)');
    expect(message.body).not.toContain('Ana');
    expect(message.body).not.toContain('555-0117');
    expect(message.body).toContain(leadId);
  });

  it('texts nothing below Smart: homeowner texts and speed to lead need automated follow-ups', async () => {
    const { id: ownerId } = await owner({ plan: 'starter' });
    await t.prisma.textSettings.create({
      data: { userId: ownerId, mobilePhone: '+15125550193', textNewLeads: true },
    });
    const leadId = await capture(ownerId, { textConsent: true, phone: '(512) 555-0118' });
    await expect(
      texts.sendToHomeowner({
        ownerId,
        leadId,
        body: 'Hello',
        idempotencyKey: `test:${leadId}`,
        now: DAYTIME,
      }),
    ).resolves.toEqual({ sent: false, reason: 'not_enabled' });
    await sleep(1500);
    expect(sentTo('+15125550193')).toEqual([]);
    expect(sentTo('+15125550118')).toEqual([]);
  });

  describe('settings: PUT /api/settings/texts', () => {
    async function contractor(plan: 'starter' | 'smart') {
      const { id } = await owner({ plan });
      const { session } = await t.app.get(SessionsService).issue(id, {});
      return session.accessToken;
    }
    const put = (token: string | null, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings/texts',
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload,
      });

    it('stores the mobile in E.164 and reads it back', async () => {
      const token = await contractor('smart');
      const saved = await put(token, { mobilePhone: '(512) 555-0194', textNewLeads: true });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ mobilePhone: '+15125550194', textNewLeads: true });
      const read = await t.app.inject({
        url: '/api/settings/texts',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(read.json()).toEqual({ mobilePhone: '+15125550194', textNewLeads: true });
    });

    it('names the problem with a bad number, and needs a number to text new leads', async () => {
      const token = await contractor('smart');
      const bad = await put(token, { mobilePhone: '555-0100', textNewLeads: false });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ error: string }>().error).toContain(
        'Mobile number must be a valid US number',
      );
      const none = await put(token, { mobilePhone: null, textNewLeads: true });
      expect(none.statusCode).toBe(400);
      expect(none.json<{ error: string }>().error).toContain('Add a mobile number');
    });

    it('answers 401 without a session and 403 for new-lead texts below Smart', async () => {
      expect((await put(null, { mobilePhone: null, textNewLeads: false })).statusCode).toBe(401);
      const token = await contractor('starter');
      const locked = await put(token, { mobilePhone: '5125550195', textNewLeads: true });
      expect(locked.statusCode).toBe(403);
      expect(locked.json<{ error: string }>().error).toMatch(
        /Automated follow-ups needs the Smart/,
      );
      // Saving the number alone is fine.
      expect(
        (await put(token, { mobilePhone: '5125550195', textNewLeads: false })).statusCode,
      ).toBe(200);
    });
  });

  describe('follow-up sequence: text steps', () => {
    const followUps = () => t.worker.get(FollowUpsService);

    /** A Smart contractor whose sequence is a day-1 text, then a day-3 e-mail. */
    async function sequenceContractor() {
      const owner = await createOwner(t.prisma, { profile: { businessName: 'Sunny Roofing' } });
      await t.prisma.followUpSequence.create({
        data: {
          userId: owner.id,
          enabled: true,
          steps: [
            {
              channel: 'text',
              delayDays: 1,
              body: 'Hi {{firstName}}, any questions about {{estimate}}?',
            },
            { channel: 'email', delayDays: 3, subject: 'Still there?', body: 'Hi {{firstName}}' },
          ],
          stopStatuses: ['contacted', 'qualified', 'converted', 'lost'],
        },
      });
      return owner;
    }

    async function captureLead(
      ownerId: string,
      phone: string,
      textConsent = true,
    ): Promise<string> {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/capture-lead',
        remoteAddress: '203.0.113.7',
        payload: {
          ownerId,
          lead: leadInput({ phone, zipCode: '78701', email: `${randomUUID()}@example.com` }),
          formToken: formToken(t.app, ownerId),
          textConsent,
        },
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ id: string }>().id;
    }

    const followUpDetails = (leadId: string) =>
      t.prisma.leadEvent
        .findMany({
          where: {
            leadId,
            type: { in: ['follow_up_sent', 'follow_up_skipped', 'follow_ups_stopped'] },
          },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        })
        .then((events) => events.map((event) => event.detail));

    const followUpTexts = (to: string) =>
      fake.messages.filter((m) => m.to === to && m.body.includes('any questions about'));

    it('texts a homeowner who agreed, with the contractor’s name and the opt-out line, once', async () => {
      const owner = await sequenceContractor();
      const leadId = await captureLead(owner.id, '(512) 555-0171');

      expect(await followUps().runStep(leadId, 0, 'test-job-1', AUSTIN_NOON)).toBe('sent');
      expect(await followUps().runStep(leadId, 0, 'test-job-2', AUSTIN_NOON)).toBe('already-done');
      const [text] = await eventually(
        () => followUpTexts('+15125550171').length > 0 && followUpTexts('+15125550171'),
      );
      expect(text!.body).toContain('Sunny Roofing');
      expect(text!.body).toContain('Reply STOP to opt out');
      expect(text!.body).toMatch(/Hi \w+, any questions about \$[\d,]+ - \$[\d,]+\?/);
      expect(await followUpDetails(leadId)).toEqual([
        expect.stringMatching(/^Day 1 · Text message sent: Hi \w+, any questions about/),
      ]);
      expect(followUpTexts('+15125550171')).toHaveLength(1);
    });

    it('holds a text due at night until 8 am where the homeowner lives, recording nothing yet', async () => {
      const owner = await sequenceContractor();
      const leadId = await captureLead(owner.id, '(512) 555-0172');

      expect(await followUps().runStep(leadId, 0, 'test-job-3', AUSTIN_1AM)).toBe('deferred');
      const held = await t.prisma.outboxEvent.findMany({
        where: {
          topic: 'follow-up.step-due',
          payload: { path: ['leadId'], equals: leadId },
          availableAt: new Date('2026-12-02T14:00:00.000Z'),
        },
      });
      expect(held).toHaveLength(1);
      expect(await followUpDetails(leadId)).toEqual([]);
      expect(followUpTexts('+15125550172')).toHaveLength(0);
    });

    it('skips the text of a homeowner who did not agree, saying why, and goes on by e-mail', async () => {
      const owner = await sequenceContractor();
      const leadId = await captureLead(owner.id, '(512) 555-0173', false);

      expect(await followUps().runStep(leadId, 0, 'test-job-4', AUSTIN_NOON)).toBe('skipped');
      expect(await followUpDetails(leadId)).toEqual([
        'Day 1 · Text message not sent: the homeowner did not agree to texts',
      ]);
      const next = await t.prisma.outboxEvent.findMany({
        where: {
          topic: 'follow-up.step-due',
          payload: { path: ['step'], equals: 1 },
          AND: { payload: { path: ['leadId'], equals: leadId } },
        },
      });
      expect(next).toHaveLength(1);
    });

    it('stops the whole sequence once the homeowner replies STOP', async () => {
      const owner = await sequenceContractor();
      const leadId = await captureLead(owner.id, '(512) 555-0174');
      expect(await followUps().runStep(leadId, 0, 'test-job-5', AUSTIN_NOON)).toBe('sent');
      await eventually(() => followUpTexts('+15125550174').length > 0);

      const params = {
        From: '+15125550174',
        To: fake.fromNumber,
        Body: 'STOP',
        MessageSid: `SM${randomUUID()}`,
      };
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/texts/inbound',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.getExpectedTwilioSignature(
            fake.authToken,
            INBOUND_URL,
            params,
          ),
        },
        payload: new URLSearchParams(params).toString(),
      });
      expect(reply.statusCode).toBe(200);

      expect(await followUps().runStep(leadId, 1, 'test-job-6', AUSTIN_NOON)).toBe('stopped');
      expect((await followUpDetails(leadId)).at(-1)).toBe(
        'Follow-ups stopped: the homeowner replied STOP',
      );
      const lead = await t.prisma.lead.findUniqueOrThrow({ where: { id: leadId } });
      expect(t.sink.to(lead.email).filter((mail) => mail.subject === 'Still there?')).toHaveLength(
        0,
      );
    });
  });
});
