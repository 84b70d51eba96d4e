import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '@rafter/domain/webhooks';
import { fakeApi } from '../../../test/fake-api';
import { renderWithQuery } from '../../../test/render-with-query';
import { WebhookEndpoints } from './webhook-endpoints';

const ID = '3f0c2c1e-7d43-4a8e-9d2b-1c5f0e6a7b11';
const DELIVERY_ID = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';

const ENDPOINT: WebhookEndpoint = {
  id: ID,
  url: 'https://crm.example.com/hooks/rafter',
  description: 'Our CRM',
  events: ['lead.created', 'lead.status_changed'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  secretPrefix: 'whsec_abcd…',
  previousSecretExpiresAt: null,
  source: 'dashboard',
  createdAt: '2026-11-20T10:00:00.000Z',
};

const SECRET = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0';

const DELIVERY: WebhookDelivery = {
  id: DELIVERY_ID,
  messageId: 'msg_9a1b2c3d4e5f4a6b8c7d0e1f2a3b4c5d',
  eventType: 'lead.created',
  state: 'failed',
  attempts: 2,
  lastStatusCode: 500,
  nextAttemptAt: null,
  createdAt: '2026-11-20T10:05:00.000Z',
  attemptLog: [
    {
      attempt: 2,
      at: '2026-11-20T10:05:06.000Z',
      statusCode: 500,
      durationMs: 31,
      ok: false,
      error: 'HTTP 500',
      requestExcerpt: '{"type":"lead.created"}',
      responseExcerpt: 'receiver is down',
    },
    {
      attempt: 1,
      at: '2026-11-20T10:05:00.000Z',
      statusCode: null,
      durationMs: 10000,
      ok: false,
      error: 'No answer within 10000 ms',
      requestExcerpt: '{"type":"lead.created"}',
      responseExcerpt: null,
    },
  ],
};

function webhooksApi(endpoints: WebhookEndpoint[] = [ENDPOINT]) {
  const withSecret = (endpoint: WebhookEndpoint): WebhookEndpointWithSecret => ({
    ...endpoint,
    secret: SECRET,
  });
  return fakeApi({
    'GET /api/webhook-endpoints': () => ({ body: endpoints }),
    'POST /api/webhook-endpoints': (request) => {
      const body = request.body as { url: string };
      if (body.url.startsWith('http:')) {
        return { status: 400, body: { error: 'The URL must start with https://' } };
      }
      return { status: 201, body: withSecret({ ...ENDPOINT, ...body }) };
    },
    [`PATCH /api/webhook-endpoints/${ID}`]: (request) => ({
      body: { ...ENDPOINT, ...(request.body as object) },
    }),
    [`DELETE /api/webhook-endpoints/${ID}`]: () => ({ status: 204 }),
    [`POST /api/webhook-endpoints/${ID}/rotate-secret`]: () => ({
      body: withSecret({ ...ENDPOINT, previousSecretExpiresAt: '2026-11-21T10:00:00.000Z' }),
    }),
    [`POST /api/webhook-endpoints/${ID}/test`]: () => ({
      status: 201,
      body: { ...DELIVERY, eventType: 'webhook.test', state: 'pending', attemptLog: [] },
    }),
    [`GET /api/webhook-endpoints/${ID}/deliveries`]: () => ({
      body: { items: [DELIVERY], nextCursor: null },
    }),
    [`POST /api/webhook-endpoints/${ID}/deliveries/${DELIVERY_ID}/resend`]: () => ({
      body: { ...DELIVERY, state: 'pending' },
    }),
  });
}

describe('WebhookEndpoints', () => {
  it('lists endpoints with their status and secret prefix, never a secret', async () => {
    webhooksApi();
    renderWithQuery(<WebhookEndpoints />);
    const list = await screen.findByRole('list', { name: 'Webhook endpoints' });
    expect(within(list).getByRole('heading', { name: ENDPOINT.url })).toBeVisible();
    expect(within(list).getByText('Active')).toBeVisible();
    expect(within(list).getByText('Secret whsec_abcd…')).toBeVisible();
    expect(within(list).getByText('Events: lead.created, lead.status_changed')).toBeVisible();
  });

  it("marks a Zap's REST hook as Zapier's", async () => {
    webhooksApi([
      ENDPOINT,
      {
        ...ENDPOINT,
        id: DELIVERY_ID,
        url: 'https://hooks.zapier.com/hooks/standard/1/abc/',
        description: 'Zapier: lead.created',
        events: ['lead.created'],
        source: 'zapier',
      },
    ]);
    renderWithQuery(<WebhookEndpoints />);
    const list = await screen.findByRole('list', { name: 'Webhook endpoints' });
    const [dashboard, zap] = within(list).getAllByRole('listitem');
    expect(within(dashboard!).queryByText('Zapier')).toBeNull();
    expect(within(zap!).getByText('Zapier')).toBeVisible();
    expect(within(zap!).getByText(/turning the Zap off in Zapier removes it/)).toBeVisible();
  });

  it('adds an endpoint and shows its secret once', async () => {
    const api = webhooksApi([]);
    renderWithQuery(<WebhookEndpoints />);
    await screen.findByText('No endpoints yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = screen.getByRole('form', { name: 'Add endpoint' });
    await userEvent.type(
      within(form).getByLabelText(/Endpoint URL/),
      'https://hooks.example.com/x',
    );
    await userEvent.click(within(form).getByRole('checkbox', { name: /^lead\.deleted/ }));
    await userEvent.click(
      within(form).getByRole('checkbox', {
        name: 'booking.created: A homeowner books a roof inspection',
      }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByLabelText('Secret')).toHaveValue(SECRET);
    expect(api.calls('POST /api/webhook-endpoints')[0]!.body).toEqual({
      url: 'https://hooks.example.com/x',
      description: '',
      events: ['lead.created', 'lead.deleted', 'booking.created'],
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await vi.waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
  });

  it('names what is wrong in the form and shows the server refusal', async () => {
    const api = webhooksApi([]);
    renderWithQuery(<WebhookEndpoints />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const form = screen.getByRole('form', { name: 'Add endpoint' });
    await userEvent.click(within(form).getByRole('checkbox', { name: /^lead\.created/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('Enter the URL')).toBeVisible();
    expect(within(form).getByText('Choose at least one event')).toBeVisible();
    expect(api.calls('POST /api/webhook-endpoints')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText(/Endpoint URL/), 'http://hooks.example.com');
    await userEvent.click(within(form).getByRole('checkbox', { name: /^lead\.created/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('The URL must start with https://')).toBeVisible();
  });

  it('shows the delivery log with each attempt, and resends a delivery', async () => {
    const api = webhooksApi();
    renderWithQuery(<WebhookEndpoints />);
    await userEvent.click(await screen.findByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('list', { name: 'Deliveries' });
    expect(within(log).getByText('Failed')).toBeVisible();
    expect(within(log).getByText(/2 attempts · HTTP 500/)).toBeVisible();
    await userEvent.click(within(log).getByRole('button', { name: 'Attempts' }));
    expect(within(log).getByText(/Attempt 2 .* HTTP 500 · 31 ms · HTTP 500/)).toBeVisible();
    expect(within(log).getByText(/Attempt 1 .* no answer · 10000 ms · No answer/)).toBeVisible();
    expect(within(log).getByText('receiver is down')).toBeVisible();

    await userEvent.click(within(log).getByRole('button', { name: /^Resend lead\.created/ }));
    await vi.waitFor(() =>
      expect(
        api.calls(`POST /api/webhook-endpoints/${ID}/deliveries/${DELIVERY_ID}/resend`),
      ).toHaveLength(1),
    );
  });

  it('sends a test event, rotates the secret and pauses the endpoint', async () => {
    const api = webhooksApi();
    renderWithQuery(<WebhookEndpoints />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    await vi.waitFor(() =>
      expect(api.calls(`POST /api/webhook-endpoints/${ID}/test`)).toHaveLength(1),
    );
    expect(await screen.findByRole('list', { name: 'Deliveries' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByLabelText('Secret')).toHaveValue(SECRET);
    expect(within(dialog).getByText(/previous secret also signs deliveries until/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await vi.waitFor(() =>
      expect(api.calls(`PATCH /api/webhook-endpoints/${ID}`)[0]?.body).toEqual({ enabled: false }),
    );
  });

  it('deletes an endpoint after confirmation', async () => {
    const api = webhooksApi();
    renderWithQuery(<WebhookEndpoints />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete endpoint?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(api.calls(`DELETE /api/webhook-endpoints/${ID}`)).toHaveLength(1),
    );
  });

  it('below Smart: explains, offers the upgrade, and offers no changes', async () => {
    webhooksApi();
    const onUpgrade = vi.fn();
    renderWithQuery(<WebhookEndpoints locked onUpgrade={onUpgrade} />);
    await screen.findByRole('list', { name: 'Webhook endpoints' });
    expect(screen.getByText('Webhooks come with the Smart and Instant plans.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send test event' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(onUpgrade).toHaveBeenCalledOnce();
  });
});
