import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ApiKeySummary } from '@rafter/domain/api-keys';
import { fakeApi } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { IntegrationsTab } from './components/IntegrationsTab';

const FULL_KEY = `rft_test_${'a'.repeat(43)}`;

const ACTIVE: ApiKeySummary = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'CRM sync',
  prefix: 'rft_test_AbCdEfGh',
  scopes: ['leads:read'],
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-25T15:30:00.000Z',
  lastUsedBy: 'Zapier/1.0',
  revokedAt: null,
};

const REVOKED: ApiKeySummary = {
  ...ACTIVE,
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Old laptop',
  prefix: 'rft_test_ZyXwVuTs',
  lastUsedAt: null,
  lastUsedBy: null,
  revokedAt: '2026-11-21T10:00:00.000Z',
};

const ACCOUNT = {
  id: '44444444-4444-4444-8444-444444444444',
  email: 'owner@lonestarroofing.example',
  fullName: 'Jordan Smith',
  apiKey: { id: '33333333-3333-4333-8333-333333333333', scopes: ['leads:read'] },
  plan: { id: 'smart', name: 'Smart Estimator', active: true },
  usage: { leadsThisMonth: 12, monthlyLeadLimit: 50 },
};

const INSUFFICIENT_SCOPE = {
  type: 'https://rafter.app/problems/insufficient_scope',
  title: 'Forbidden',
  status: 403,
  detail: 'This API key lacks the leads:read scope',
  code: 'insufficient_scope',
  instance: '/api/v1/account',
};

type V1Answer = { status?: number; body?: unknown; contentType?: string };

function keysApi(
  items: ApiKeySummary[] = [ACTIVE, REVOKED],
  account: () => V1Answer = () => ({ body: ACCOUNT }),
) {
  let list = [...items];
  return fakeApi({
    'GET /api/v1/account': account,
    'GET /api/api-keys': () => ({ body: { items: list } }),
    'POST /api/api-keys': (request) => {
      const body = request.body as { name: string; scopes: ApiKeySummary['scopes'] };
      const created = {
        ...ACTIVE,
        id: '33333333-3333-4333-8333-333333333333',
        name: body.name,
        scopes: body.scopes,
        prefix: FULL_KEY.slice(0, 17),
        lastUsedAt: null,
        lastUsedBy: null,
      };
      list = [created, ...list];
      return { status: 201, body: { ...created, key: FULL_KEY } };
    },
    [`DELETE /api/api-keys/${ACTIVE.id}`]: () => {
      list = list.map((key) =>
        key.id === ACTIVE.id ? { ...key, revokedAt: '2026-11-26T10:00:00.000Z' } : key,
      );
      return { body: list.find((key) => key.id === ACTIVE.id) };
    },
  });
}

function renderTab(access: 'loading' | 'allowed' | 'locked' = 'allowed') {
  return renderWithQuery(
    <MemoryRouter>
      <IntegrationsTab access={access} upgradeTo="/dashboard?tab=subscription" />
    </MemoryRouter>,
  );
}

describe('Integrations tab', () => {
  it('lists keys by prefix with scopes and last use, never the whole key', async () => {
    keysApi();
    renderTab();
    const list = await screen.findByRole('list', { name: 'API keys' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('rft_test_AbCdEfGh…')).toBeVisible();
    expect(within(rows[0]!).getByText('leads:read')).toBeVisible();
    expect(within(rows[0]!).getByText(/Last used .* by Zapier\/1\.0/)).toBeVisible();
    expect(within(rows[1]!).getByText(/Revoked/)).toBeVisible();
    expect(within(rows[1]!).getByText(/Never used/)).toBeVisible();
    expect(within(rows[1]!).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('creates a key with a name and scopes and shows it once with a copy button', async () => {
    const api = keysApi([]);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderTab();
    expect(await screen.findByText('No API keys yet.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create API key' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Zapier');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /leads:write/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy your new API key' });
    expect(within(shown).getByRole('textbox', { name: /API key/ })).toHaveValue(FULL_KEY);
    expect(within(shown).getByText(/only time the whole key is shown/)).toBeVisible();
    await userEvent.click(within(shown).getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(FULL_KEY);
    expect(await within(shown).findByText('The key is on your clipboard.')).toBeVisible();
    expect(api.calls('POST /api/api-keys')[0]!.body).toEqual({
      name: 'Zapier',
      scopes: ['leads:read', 'leads:write'],
    });

    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(within(list).getByText('Zapier')).toBeVisible();
    expect(document.body.textContent).not.toContain(FULL_KEY);
  });

  async function createKey(scope?: RegExp) {
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create API key' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Zapier');
    if (scope) {
      await userEvent.click(within(dialog).getByRole('checkbox', { name: /leads:read/ }));
      await userEvent.click(within(dialog).getByRole('checkbox', { name: scope }));
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    return screen.findByRole('dialog', { name: 'Copy your new API key' });
  }

  it('tests the new key through the typed client and shows the account and plan it answers for', async () => {
    const api = keysApi([]);
    const shown = await createKey();
    await userEvent.click(within(shown).getByRole('button', { name: 'Test this key' }));

    const result = await within(shown).findByText('The key works');
    expect(result).toBeVisible();
    const status = within(shown).getByRole('status', { name: 'Key test result' });
    expect(status).toHaveTextContent(
      'answered for Jordan Smith (owner@lonestarroofing.example) on the Smart Estimator plan: 12 of 50 leads this month',
    );
    const [call] = api.calls('GET /api/v1/account');
    expect(call!.headers.get('authorization')).toBe(`Bearer ${FULL_KEY}`);
    // The key's last use changed: the list is read again.
    await waitFor(() => expect(api.calls('GET /api/api-keys').length).toBeGreaterThan(2));
  });

  it("shows the problem's title and detail when the key may not read the account", async () => {
    keysApi([], () => ({
      status: 403,
      body: INSUFFICIENT_SCOPE,
      contentType: 'application/problem+json',
    }));
    const shown = await createKey(/webhooks:manage/);
    await userEvent.click(within(shown).getByRole('button', { name: 'Test this key' }));

    expect(await within(shown).findByText('403 Forbidden')).toBeVisible();
    expect(within(shown).getByText('This API key lacks the leads:read scope')).toBeVisible();
    expect(within(shown).queryByText('The key works')).toBeNull();
  });

  it('offers a curl and a TypeScript quick start for this site, each copyable', async () => {
    keysApi();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderTab();
    const origin = window.location.origin;
    const curl = await screen.findByLabelText('curl');
    expect(curl).toHaveTextContent(`curl -s "${origin}/api/v1/leads?status=new&limit=10"`);
    const typescript = screen.getByLabelText('TypeScript (@rafter/client)');
    expect(typescript).toHaveTextContent("import { createRafterClient } from '@rafter/client';");
    expect(typescript).toHaveTextContent(`baseUrl: '${origin}'`);
    await userEvent.click(
      screen.getByRole('button', { name: 'Copy the TypeScript (@rafter/client) quick start' }),
    );
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining("rafter.GET('/api/v1/leads'"));
  });

  it('asks for a name and at least one scope before sending', async () => {
    const api = keysApi([]);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create API key' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /leads:read/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByText('Name is required')).toBeVisible();
    expect(within(dialog).getByText('Choose at least one scope')).toBeVisible();
    expect(api.calls('POST /api/api-keys')).toHaveLength(0);
  });

  it('revokes a key only after confirmation', async () => {
    const api = keysApi();
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke CRM sync' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke “CRM sync”?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(`DELETE /api/api-keys/${ACTIVE.id}`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Revoke CRM sync' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Revoke “CRM sync”?' })).getByRole('button', {
        name: 'Revoke key',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(`DELETE /api/api-keys/${ACTIVE.id}`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Revoke CRM sync' })).toBeNull(),
    );
  });

  it('below Smart explains the feature and offers the upgrade, without asking for keys', async () => {
    const api = keysApi();
    renderTab('locked');
    expect(
      screen.getByRole('heading', { name: /Zapier\/API and webhooks come with the Smart/ }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Upgrade to Smart Estimator' })).toHaveAttribute(
      'href',
      '/dashboard?tab=subscription',
    );
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
    expect(api.calls('GET /api/api-keys')).toHaveLength(0);
  });
});
