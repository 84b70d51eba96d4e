import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from '@rafter/domain/auth';
import type { LeadCounts, LeadDetail, LeadListItem } from '@rafter/domain/crm';
import { connectLeadSocket, type LeadSocket } from '../../lib/socket';
import { fakeApi, type FakeRequest } from '../../test/fake-api';
import { createFakeSocket } from '../../test/fake-socket';
import { testLeadDetail } from '../../test/lead-fixtures';
import { renderAuthApp, testSession } from '../../test/render-auth-app';

vi.mock('../../lib/socket', () => ({ connectLeadSocket: vi.fn() }));

const COUNTS: LeadCounts = { all: 1, new: 1, contacted: 0, qualified: 0, converted: 0, lost: 0 };

beforeEach(() => {
  const socket = createFakeSocket();
  vi.mocked(connectLeadSocket).mockImplementation(() => socket as unknown as LeadSocket);
});

/** The Leads tab with one lead whose status and sold price the fake server keeps. */
function leadsApi(start: Partial<LeadDetail> = {}) {
  let detail = testLeadDetail(start);
  localStorage.setItem(AUTH_STORAGE_KEY, 'signed-in');
  const list = (): LeadListItem => {
    const { spam: _s, scoreReasons: _r, soldPrice: _p, timeline: _t, ...item } = detail;
    return item;
  };
  const api = fakeApi({
    'POST /api/auth/refresh': () => ({ body: testSession() }),
    'GET /api/auth/me': () => ({ body: testSession().user }),
    'GET /api/leads/counts': () => ({ body: COUNTS }),
    'GET /api/leads': () => ({ body: { items: [list()], nextCursor: null } }),
    'GET /api/leads/lead-1': () => ({ body: detail }),
    'PATCH /api/leads/lead-1/status': ({ body }: FakeRequest) => {
      detail = { ...detail, status: (body as { status: LeadDetail['status'] }).status };
      return { body: list() };
    },
    'PUT /api/leads/lead-1/sold-price': ({ body }: FakeRequest) => {
      const soldPrice = (body as { soldPrice: number | null }).soldPrice;
      detail = {
        ...detail,
        soldPrice,
        timeline: [
          ...detail.timeline,
          {
            id: `event-${detail.timeline.length + 1}`,
            type: 'sold_price_set',
            at: '2026-03-06T10:00:00.000Z',
            fromStatus: null,
            toStatus: null,
            note: null,
            detail: soldPrice === null ? '' : String(soldPrice),
          },
        ],
      };
      return { body: detail };
    },
  });
  return api;
}

const statusSelect = async () => screen.findByRole('combobox', { name: 'Status of Maria Garcia' });

describe('Sold price', () => {
  it('asks what a lead sold for when it is marked Converted, checks the answer and saves it', async () => {
    const api = leadsApi();
    renderAuthApp('/dashboard?tab=leads');

    await userEvent.selectOptions(await statusSelect(), 'Converted');
    const dialog = await screen.findByRole('dialog', { name: 'What did you sell it for?' });
    const price = within(dialog).getByRole('textbox', { name: 'Sold price' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter what you sold it for, or Skip')).toBeVisible();
    await userEvent.type(price, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Sold price must be more than $0')).toBeVisible();
    await userEvent.clear(price);
    await userEvent.type(price, 'twelve');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Sold price must be a number of dollars')).toBeVisible();
    await userEvent.clear(price);
    await userEvent.type(price, '3000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Sold price must be at most $2,000,000')).toBeVisible();
    expect(api.calls('PUT /api/leads/lead-1/sold-price')).toHaveLength(0);

    await userEvent.clear(price);
    await userEvent.type(price, '$12,500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('PUT /api/leads/lead-1/sold-price')[0]?.body).toEqual({ soldPrice: 12500 });
  });

  it('saves nothing when skipped', async () => {
    const api = leadsApi();
    renderAuthApp('/dashboard?tab=leads');

    await userEvent.selectOptions(await statusSelect(), 'Converted');
    const dialog = await screen.findByRole('dialog', { name: 'What did you sell it for?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('PUT /api/leads/lead-1/sold-price')).toHaveLength(0);
  });

  it('does not ask for other statuses', async () => {
    leadsApi();
    renderAuthApp('/dashboard?tab=leads');
    await userEvent.selectOptions(await statusSelect(), 'Qualified');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Status of/ })).toHaveValue('qualified'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the price in the lead's details, where it can be changed", async () => {
    const api = leadsApi({ status: 'converted', soldPrice: 12500 });
    renderAuthApp('/dashboard?tab=leads');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Show details of Maria Garcia' }),
    );
    expect(await screen.findByText('$12,500')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Edit the sold price' }));
    const dialog = await screen.findByRole('dialog', { name: 'What did you sell it for?' });
    const price = within(dialog).getByRole('textbox', { name: 'Sold price' });
    expect(price).toHaveValue('12500');
    await userEvent.clear(price);
    await userEvent.type(price, '13,000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('$13,000')).toBeVisible();
    expect(screen.getByText('Sold for $13,000')).toBeVisible();
    expect(api.calls('PUT /api/leads/lead-1/sold-price')[0]?.body).toEqual({ soldPrice: 13000 });
  });
});
