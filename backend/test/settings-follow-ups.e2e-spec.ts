import { DEFAULT_FOLLOW_UP_SEQUENCE } from '@rafter/domain/follow-ups';
import { createSettingsTestApp, type SettingsTestApp } from './utils/settings-app';

let t: SettingsTestApp;

beforeAll(async () => {
  t = await createSettingsTestApp();
});

afterAll(async () => {
  await t?.close();
});

const edited = {
  enabled: true,
  steps: [
    {
      channel: 'email',
      delayDays: 1,
      subject: 'Thanks, {{firstName}}',
      body: 'Call {{contractorPhone}}',
    },
    { channel: 'text', delayDays: 3, body: 'Hi {{firstName}}, any questions? {{contractorName}}' },
  ],
  stopStatuses: ['lost', 'converted'],
};

describe('follow-up sequence settings', () => {
  it('answers the default sequence before anything is saved', async () => {
    const { token } = await t.contractor(null);
    const response = await t.call('GET', '/api/follow-ups/sequence', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULT_FOLLOW_UP_SEQUENCE);
  });

  it('saves and reads back a sequence on Smart, its stop statuses in pipeline order', async () => {
    const { token } = await t.contractor('smart');
    const saved = await t.call('PUT', '/api/follow-ups/sequence', token, edited);
    expect(saved.statusCode).toBe(200);
    const expected = { ...edited, stopStatuses: ['converted', 'lost'] };
    expect(saved.json()).toEqual(expected);
    expect((await t.call('GET', '/api/follow-ups/sequence', token)).json()).toEqual(expected);
  });

  it.each([
    [
      'an unknown merge field',
      { steps: [{ ...edited.steps[0], body: 'Hi {{lastName}}' }] },
      'The message uses an unknown merge field {{lastName}}',
    ],
    [
      'steps out of order',
      { steps: [...edited.steps].reverse() },
      'Each step must come on a later day than the one before',
    ],
    ['no stop status', { stopStatuses: [] }, 'Pick at least one status that stops the follow-ups'],
  ])('refuses %s with 400 naming it, and keeps what was saved', async (_case, change, message) => {
    const { token } = await t.contractor('instant');
    const response = await t.call('PUT', '/api/follow-ups/sequence', token, {
      ...edited,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(message);
    expect((await t.call('GET', '/api/follow-ups/sequence', token)).json()).toEqual(
      DEFAULT_FOLLOW_UP_SEQUENCE,
    );
  });

  it('refuses to save below Smart with 403 upgrade_required', async () => {
    const { token } = await t.contractor('starter');
    const response = await t.call('PUT', '/api/follow-ups/sequence', token, edited);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: string }>().error).toBe(
      'Automated follow-ups needs the Smart Estimator plan or higher',
    );
  });

  it('needs a signed-in contractor', async () => {
    expect((await t.call('GET', '/api/follow-ups/sequence', null)).statusCode).toBe(401);
  });
});
