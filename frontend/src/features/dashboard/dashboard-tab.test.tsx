import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from '@rafter/domain/auth';
import type { DashboardMetrics } from '@rafter/domain/crm';
import { connectLeadSocket, type LeadSocket } from '../../lib/socket';
import { renderAuthApp, testSession } from '../../test/render-auth-app';
import { fakeApi } from '../../test/fake-api';
import { createFakeSocket, type FakeSocket } from '../../test/fake-socket';
import { testLead } from '../../test/lead-fixtures';

vi.mock('../../lib/socket', () => ({ connectLeadSocket: vi.fn() }));

const METRICS: DashboardMetrics = {
  totalLeads: 1234,
  qualifiedLeads: 210,
  averageRoofValue: 18_450,
  conversionRate: 12,
  changes: { totalLeads: 25, qualifiedLeads: -8, averageRoofValue: 0, conversionRate: null },
  recentLeads: [
    testLead(),
    testLead({ id: 'lead-2', name: 'James Nguyen', status: 'converted', score: 45 }),
  ],
  leadsOverTime: [
    { date: '2026-03-03', count: 2 },
    { date: '2026-03-04', count: 3 },
  ],
  pipeline: [
    { status: 'new', count: 3 },
    { status: 'contacted', count: 1 },
    { status: 'qualified', count: 1 },
    { status: 'converted', count: 0 },
    { status: 'lost', count: 0 },
  ],
};

const location = () => screen.getByTestId('location').textContent;

function signedInApi(metrics: () => { status?: number; body?: unknown }) {
  localStorage.setItem(AUTH_STORAGE_KEY, 'signed-in');
  return fakeApi({
    'POST /api/auth/refresh': () => ({ body: testSession() }),
    'GET /api/auth/me': () => ({ body: testSession().user }),
    'POST /api/auth/sign-out': () => ({ status: 204 }),
    'GET /api/leads/metrics': metrics,
    'GET /api/leads': () => ({ body: { items: [], nextCursor: null } }),
    'GET /api/leads/counts': () => ({
      body: { all: 0, new: 0, contacted: 0, qualified: 0, converted: 0, lost: 0 },
    }),
  });
}

const card = async (label: string) =>
  (await screen.findByRole('heading', { level: 2, name: label })).closest('li') as HTMLElement;

let socket: FakeSocket;

beforeEach(() => {
  socket = createFakeSocket();
  vi.mocked(connectLeadSocket).mockImplementation(() => socket as unknown as LeadSocket);
});

describe('Dashboard tab', () => {
  it('shows the four metrics with their real change against the previous 30 days', async () => {
    signedInApi(() => ({ body: METRICS }));
    renderAuthApp('/dashboard');

    const total = await card('Total Leads');
    expect(await within(total).findByText('1,234')).toBeVisible();
    expect(total).toHaveTextContent('Up 25% vs previous 30 days');
    const qualified = await card('Qualified Leads');
    expect(qualified).toHaveTextContent('210');
    expect(qualified).toHaveTextContent('Down 8% vs previous 30 days');
    expect(within(qualified).getByText(/8%/)).toHaveStyle({ color: '#991b1b' });
    expect(within(total).getByText(/25%/)).toHaveStyle({ color: '#166534' });
    expect(await card('Avg. Roof Value')).toHaveTextContent(
      '$18,450Unchanged 0% vs previous 30 days',
    );
    const conversion = await card('Conversion Rate');
    expect(conversion).toHaveTextContent('12%');
    // No previous data: no change shown at all.
    expect(conversion).not.toHaveTextContent('vs previous 30 days');
  });

  it('lists the recent leads with date, score, estimate and status', async () => {
    signedInApi(() => ({ body: METRICS }));
    renderAuthApp('/dashboard');

    const recent = await screen.findByRole('region', { name: 'Recent Leads' });
    const items = await within(recent).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Maria Garcia');
    expect(items[0]).toHaveTextContent('Mar 4, 2026 · $28,200');
    expect(within(items[0]!).getByText('85/100')).toBeVisible();
    expect(within(items[1]!).getByText('Converted')).toHaveStyle({ color: '#6b21a8' });
    expect(within(items[1]!).getByText('45/100')).toHaveStyle({ color: '#9a3412' });
  });

  it('says when there are no leads yet', async () => {
    signedInApi(() => ({ body: { ...METRICS, totalLeads: 0, recentLeads: [] } }));
    renderAuthApp('/dashboard');

    expect(await screen.findByText('No recent leads yet', {})).toBeVisible();
    expect(screen.getByText('New leads will appear here')).toBeVisible();
  });

  it('logs a failed load and offers a retry instead of breaking the page', async () => {
    let fail = true;
    signedInApi(() => (fail ? { status: 404, body: { error: 'Not found' } } : { body: METRICS }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAuthApp('/dashboard');

    expect(await screen.findByText('Your lead numbers did not load.', {})).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Sam!' })).toBeVisible();
    expect(console.error).toHaveBeenCalledWith(
      'Failed to load dashboard metrics',
      expect.anything(),
    );

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(await card('Total Leads')).findByText('1,234')).toBeVisible();
  });
});

describe('Dashboard navigation', () => {
  it('switches tabs through ?tab=, marks the current one and shows the nine tabs in order', async () => {
    signedInApi(() => ({ body: METRICS }));
    renderAuthApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Sam!' });

    const [sidebar] = screen.getAllByRole('navigation', { name: 'Dashboard' });
    const links = within(sidebar!).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Leads',
      'Analytics',
      'Calculator',
      'Business Profile',
      'Follow-ups',
      'Calendar',
      'Integrations',
      'Subscription',
    ]);
    expect(within(sidebar!).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await userEvent.click(within(sidebar!).getByRole('link', { name: 'Leads' }));
    // The switch is a transition: the old tab stays until the lazy Leads tab has loaded.
    await waitFor(() => expect(location()).toBe('/dashboard?tab=leads'));
    expect(within(sidebar!).getByRole('link', { name: 'Leads' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('says when updates are live, and closes the channel on sign-out', async () => {
    signedInApi(() => ({ body: METRICS }));
    renderAuthApp('/dashboard');
    const header = await screen.findByRole('banner', {});
    expect(await within(header).findByText('Offline')).toBeInTheDocument();
    await waitFor(() => expect(connectLeadSocket).toHaveBeenCalled());

    socket.connectNow();
    expect(await within(header).findByText('Live')).toBeInTheDocument();

    const disconnect = vi.spyOn(socket, 'disconnect');
    await userEvent.click(within(header).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(disconnect).toHaveBeenCalled();
  });
});
