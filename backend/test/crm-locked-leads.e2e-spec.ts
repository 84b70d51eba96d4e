import {
  type DashboardMetrics,
  type LeadCounts,
  type LeadDetail,
  type LeadListItem,
  type LeadPage,
  type RealtimeEvents,
} from '@rafter/domain/crm';
import { io, type Socket } from 'socket.io-client';
import { PrismaService } from '../src/core/database/prisma.service';
import { createAccount } from './factories/account.factory';
import { leadInput } from './factories/lead-payload.factory';
import { eventually } from './utils/async';
import { createTestApp, type TestApp } from './utils/create-app';
import { withFormToken } from './utils/form-token';

// A contractor without a plan sees a lead captured for them as 'Locked lead': estimate, area and
// zip code, never who or where. These tests play the contractor trying to get the hidden details
// anyway, through every CRM route that reads leads.

const VICTIM = {
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'victim.lopez@example.com',
  phone: '5125550199',
  address: '12 Hidden Hollow Rd, Austin, TX 78704',
  zipCode: '78704',
  latitude: 30.248912,
  longitude: -97.769834,
};

/** Characters an e-mail address is spelled with, tried one after another. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789@.-_';

let t: TestApp;
let prisma: PrismaService;
let owner: { id: string; token: string };
let lockedId: string;
let visibleId: string;

function get(url: string) {
  return t.app.inject({ url, headers: { authorization: `Bearer ${owner.token}` } });
}

/** Every way the CRM answers "which of my leads match q?", each as the ids (or count) it reveals. */
const ORACLES = {
  list: async (q: string) =>
    (await get(`/api/leads?limit=100&q=${encodeURIComponent(q)}`))
      .json<LeadPage>()
      .items.map((item) => item.id),
  counts: async (q: string) =>
    (await get(`/api/leads/counts?q=${encodeURIComponent(q)}`)).json<LeadCounts>().all,
  'JSON export': async (q: string) =>
    (await get(`/api/leads/export?format=json&q=${encodeURIComponent(q)}`))
      .json<LeadListItem[]>()
      .map((item) => item.id),
  'CSV export': async (q: string) =>
    (await get(`/api/leads/export?format=csv&q=${encodeURIComponent(q)}`)).body.trim().split('\r\n')
      .length - 1,
};

/** Does the search reveal the locked lead? Lists show its id; counts and the CSV a row more. */
async function reveals(oracle: keyof typeof ORACLES, q: string): Promise<boolean> {
  const answer = await ORACLES[oracle](q);
  return Array.isArray(answer) ? answer.includes(lockedId) : answer > 0;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '0', RATE_LIMIT_AUTH_PER_EMAIL: '0' });
  prisma = t.app.get(PrismaService);
  const account = await createAccount(prisma);
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: account.email, password: account.password },
  });
  owner = { id: account.id, token: signIn.json<{ accessToken: string }>().accessToken };
  const common = {
    ownerId: owner.id,
    ownership: 'owner' as const,
    material: 'asphalt' as const,
    stories: 'one' as const,
    roofArea: 1800,
    estimateLow: 6000,
    estimateMid: 8000,
    estimateHigh: 10000,
  };
  // No plan: the homeowner's request is stored locked, as capture stores it.
  const locked = await prisma.lead.create({
    data: { ...common, ...VICTIM, locked: true, lockedReason: 'no_active_plan' },
    select: { id: true },
  });
  // An earlier lead, from when the plan was active: nothing in it matches the victim's details.
  const visible = await prisma.lead.create({
    data: {
      ...common,
      firstName: 'Ben',
      lastName: 'Nguyen',
      email: 'ben.nguyen@example.net',
      phone: '5125550100',
      address: '400 Oak St, Austin, TX 78701',
      zipCode: '78701',
      latitude: 30.2672,
      longitude: -97.7431,
    },
    select: { id: true },
  });
  lockedId = locked.id;
  visibleId = visible.id;
});

afterAll(async () => {
  await t?.close();
});

describe("a locked lead's hidden details", () => {
  it.each(Object.keys(ORACLES) as (keyof typeof ORACLES)[])(
    'cannot be spelled out one character at a time through the %s search',
    async (oracle) => {
      // The attack of the report: start from a guess, keep each next character that still
      // finds the locked lead. Today's search must not even confirm the guess.
      let spelled = (await reveals(oracle, 'victim.')) ? 'victim.' : '';
      while (spelled !== '' && spelled.length < 40) {
        let next: string | undefined;
        for (const char of ALPHABET) {
          if (await reveals(oracle, spelled + char)) {
            next = char;
            break;
          }
        }
        if (next === undefined) break;
        spelled += next;
      }
      expect(spelled).toBe('');
    },
  );

  it.each([
    ['the full name', 'Maria Lopez'],
    ['the first name', 'maria'],
    ['the last name', 'LOPEZ'],
    ['the e-mail address', 'victim.lopez@example.com'],
    ['part of the e-mail', 'lopez@exam'],
    ['the phone number', '5550199'],
    ['the street', 'Hidden Hollow'],
    ['the house number and street', '12 Hidden'],
  ])('are never matched by a search for %s (%s)', async (_what, q) => {
    for (const oracle of Object.keys(ORACLES) as (keyof typeof ORACLES)[]) {
      expect({ oracle, q, revealed: await reveals(oracle, q) }).toEqual({
        oracle,
        q,
        revealed: false,
      });
    }
  });

  it('still leave the lead in the unfiltered list, counts and export, without contact or position', async () => {
    const items = (await get('/api/leads?limit=100')).json<LeadPage>().items;
    expect(items.map((item) => item.id).sort()).toEqual([lockedId, visibleId].sort());
    expect((await get('/api/leads/counts')).json<LeadCounts>().all).toBe(2);

    const hidden = {
      id: lockedId,
      name: 'Locked lead',
      email: null,
      phone: null,
      address: null,
      latitude: null,
      longitude: null,
      zipCode: '78704',
      estimateMid: 8000,
      locked: true,
    };
    expect(items.find((item) => item.id === lockedId)).toMatchObject(hidden);
    expect((await get(`/api/leads/${lockedId}`)).json<LeadDetail>()).toMatchObject(hidden);
    const metrics = (await get('/api/leads/metrics')).json<DashboardMetrics>();
    expect(metrics.recentLeads.find((item) => item.id === lockedId)).toMatchObject(hidden);
    const exported = (await get('/api/leads/export?format=json')).json<LeadListItem[]>();
    expect(exported.find((item) => item.id === lockedId)).toMatchObject(hidden);

    // Nothing anywhere in those answers holds a detail of the homeowner, coordinates included.
    const everything = [
      (await get('/api/leads?limit=100')).body,
      (await get(`/api/leads/${lockedId}`)).body,
      (await get('/api/leads/metrics')).body,
      (await get('/api/leads/export?format=json')).body,
      (await get('/api/leads/export?format=csv')).body,
      (await get('/api/leads?sort=score')).body,
      (await get('/api/leads?sort=value')).body,
    ].join('\n');
    for (const detail of [
      VICTIM.email,
      VICTIM.lastName,
      VICTIM.phone,
      'Hidden Hollow',
      String(VICTIM.latitude).slice(0, 6),
      String(VICTIM.longitude).slice(0, 7),
    ]) {
      expect(everything).not.toContain(detail);
    }
  });

  it('are shown, and found, once the lead is unlocked', async () => {
    await prisma.lead.update({
      where: { id: lockedId },
      data: { locked: false, lockedReason: null },
    });
    try {
      expect(await ORACLES.list('Maria Lopez')).toEqual([lockedId]);
      expect(await ORACLES.counts('victim.lopez@')).toBe(1);
      expect((await get(`/api/leads/${lockedId}`)).json<LeadDetail>()).toMatchObject({
        name: 'Maria Lopez',
        email: VICTIM.email,
        latitude: VICTIM.latitude,
        longitude: VICTIM.longitude,
      });
    } finally {
      await prisma.lead.update({
        where: { id: lockedId },
        data: { locked: true, lockedReason: 'no_active_plan' },
      });
    }
  });
});

describe('a lead captured locked', () => {
  it('reaches the open dashboard without contact details or position', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.getHttpServer().address();
    if (!address || typeof address === 'string') throw new Error('api is not listening');
    const socket: Socket<RealtimeEvents> = io(`http://127.0.0.1:${address.port}`, {
      transports: ['websocket'],
      auth: { token: owner.token },
      reconnection: false,
      forceNew: true,
    });
    try {
      const created: LeadListItem[] = [];
      socket.on('lead:created', ({ lead }) => created.push(lead));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const captured = await t.app.inject({
        method: 'POST',
        url: '/api/capture-lead',
        payload: withFormToken(t.app, {
          ownerId: owner.id,
          lead: leadInput({ email: 'second.victim@example.com', latitude: 30.2499 }),
        }),
      });
      expect(captured.statusCode).toBe(201);
      const lead = await eventually(() => created[0], 5000);
      expect(lead).toMatchObject({
        id: captured.json<{ id: string }>().id,
        name: 'Locked lead',
        email: null,
        phone: null,
        address: null,
        latitude: null,
        longitude: null,
        locked: true,
        lockedReason: 'no_active_plan',
      });
    } finally {
      socket.disconnect();
    }
  });
});
