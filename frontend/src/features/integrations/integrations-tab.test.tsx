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

function keysApi(items: ApiKeySummary[] = [ACTIVE, REVOKED]) {
  let list = [...items];
  return fakeApi({
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
