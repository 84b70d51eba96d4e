import { type LeadDetail } from '@rafter/domain/crm';
import { PrismaService } from '../src/core/database/prisma.service';
import { createAccount } from './factories/account.factory';
import { createTestApp, type TestApp } from './utils/create-app';
import { leadInput } from './factories/lead-payload.factory';

let t: TestApp;
let prisma: PrismaService;

async function contractor() {
  const account = await createAccount(prisma);
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: account.email, password: account.password },
  });
  return { id: account.id, token: signIn.json<{ accessToken: string }>().accessToken };
}

async function newLead(ownerId: string): Promise<string> {
  const created = await prisma.lead.create({
    data: { ownerId, ...leadInput() },
    select: { id: true },
  });
  return created.id;
}

function send(method: 'PUT' | 'PATCH', url: string, payload: unknown, token?: string) {
  return t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '0', RATE_LIMIT_AUTH_PER_EMAIL: '0' });
  prisma = t.app.get(PrismaService);
});

afterAll(async () => {
  await t.close();
});

describe('PUT /api/leads/:id/sold-price', () => {
  it('sets, shows, changes and clears the price, each change in the timeline once', async () => {
    const owner = await contractor();
    const id = await newLead(owner.id);
    const url = `/api/leads/${id}/sold-price`;
    const status = await send(
      'PATCH',
      `/api/leads/${id}/status`,
      { status: 'converted' },
      owner.token,
    );
    expect(status.statusCode).toBe(200);

    const set = await send('PUT', url, { soldPrice: 12500 }, owner.token);
    expect(set.statusCode).toBe(200);
    expect(set.json<LeadDetail>().soldPrice).toBe(12500);
    // The same price again records nothing.
    await send('PUT', url, { soldPrice: 12500 }, owner.token);
    await send('PUT', url, { soldPrice: 13000 }, owner.token);

    const detail = await t.app.inject({
      url: `/api/leads/${id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const shown = detail.json<LeadDetail>();
    expect(shown.soldPrice).toBe(13000);
    expect(
      shown.timeline.map(({ type, toStatus, detail }) => ({ type, toStatus, detail })),
    ).toEqual([
      { type: 'status_changed', toStatus: 'converted', detail: null },
      { type: 'sold_price_set', toStatus: null, detail: '12500' },
      { type: 'sold_price_set', toStatus: null, detail: '13000' },
    ]);

    // Moved out of Converted, the price stays until cleared; clearing works in any status.
    await send('PATCH', `/api/leads/${id}/status`, { status: 'contacted' }, owner.token);
    const cleared = await send('PUT', url, { soldPrice: null }, owner.token);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<LeadDetail>().soldPrice).toBeNull();
    expect(cleared.json<LeadDetail>().timeline.at(-1)).toEqual(
      expect.objectContaining({ type: 'sold_price_set', detail: '' }),
    );
  });

  it('answers 401 without a session', async () => {
    const owner = await contractor();
    const id = await newLead(owner.id);
    expect((await send('PUT', `/api/leads/${id}/sold-price`, { soldPrice: 100 })).statusCode).toBe(
      401,
    );
  });

  it.each([
    [{ soldPrice: 0 }, 'Sold price must be more than $0'],
    [{ soldPrice: -1 }, 'Sold price must be more than $0'],
    [{ soldPrice: 12500.5 }, 'Sold price must be whole dollars'],
    [{ soldPrice: 2_000_001 }, 'Sold price must be at most $2,000,000'],
    [{ soldPrice: '12500' }, 'Sold price must be a number of dollars'],
    [{}, 'Sold price must be a number of dollars'],
  ])('answers 400 naming the problem for %j', async (body, message) => {
    const owner = await contractor();
    const id = await newLead(owner.id);
    const response = await send('PUT', `/api/leads/${id}/sold-price`, body, owner.token);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it("answers 404 for another contractor's lead and leaves it alone", async () => {
    const [owner, other] = [await contractor(), await contractor()];
    const id = await newLead(owner.id);
    await send('PATCH', `/api/leads/${id}/status`, { status: 'converted' }, owner.token);
    const response = await send(
      'PUT',
      `/api/leads/${id}/sold-price`,
      { soldPrice: 9 },
      other.token,
    );
    expect(response.statusCode).toBe(404);
    const notAnId = await send('PUT', '/api/leads/nope/sold-price', { soldPrice: 9 }, owner.token);
    expect(notAnId.statusCode).toBe(404);
    const stored = await prisma.lead.findUniqueOrThrow({ where: { id } });
    expect(stored.soldPrice).toBeNull();
  });

  it('answers 409 for a lead that is not Converted', async () => {
    const owner = await contractor();
    const id = await newLead(owner.id);
    const response = await send(
      'PUT',
      `/api/leads/${id}/sold-price`,
      { soldPrice: 9 },
      owner.token,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(
      expect.objectContaining({
        error: 'Only a Converted lead has a sold price: mark it Converted first',
      }),
    );
  });
});
