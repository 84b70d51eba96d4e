import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from '@rafter/domain/auth';
import type { LeadCounts, LeadListItem } from '@rafter/domain/crm';
import { connectLeadSocket, type LeadSocket } from '../../lib/socket';
import { renderAuthApp, testSession } from '../../test/render-auth-app';
import { fakeApi, type FakeRequest } from '../../test/fake-api';
import { createFakeSocket, type FakeSocket } from '../../test/fake-socket';
import { testLead, testLeadDetail } from '../../test/lead-fixtures';

vi.mock('../../lib/socket', () => ({ connectLeadSocket: vi.fn() }));

const COUNTS: LeadCounts = { all: 3, new: 1, contacted: 1, qualified: 1, converted: 0, lost: 0 };
const LEADS = [
  testLead(),
  testLead({ id: 'lead-2', name: 'James Nguyen', status: 'contacted', score: 55 }),
  testLead({
    id: 'lead-3',
    name: 'Locked lead',
    email: null,
    phone: null,
    address: null,
    locked: true,
    lockedReason: 'monthly_limit',
    status: 'qualified',
    score: 35,
  }),
];

let socket: FakeSocket;
const location = () => screen.getByTestId('location').textContent;

function signedInApi(routes: Parameters<typeof fakeApi>[0]) {
  localStorage.setItem(AUTH_STORAGE_KEY, 'signed-in');
  return fakeApi({
    'POST /api/auth/refresh': () => ({ body: testSession() }),
    'GET /api/auth/me': () => ({ body: testSession().user }),
    'GET /api/leads/counts': () => ({ body: COUNTS }),
    ...routes,
  });
}

// The first look waits for the lazy page and tab chunks.
const table = () => screen.findByRole('table', { name: 'Leads' });
const row = async (name: string) =>
  (await within(await table()).findByText(name)).closest('tr') as HTMLElement;

beforeEach(() => {
  socket = createFakeSocket();
  vi.mocked(connectLeadSocket).mockImplementation(() => socket as unknown as LeadSocket);
});

describe('Leads tab', () => {
  it('lists the leads in the spec columns with badge colours and the counts per status', async () => {
    signedInApi({ 'GET /api/leads': () => ({ body: { items: LEADS, nextCursor: null } }) });
    renderAuthApp('/dashboard?tab=leads');

    const headers = within(await table()).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual([
      'Lead Details',
      'Property Info',
      'Estimate Value',
      'Lead Score',
      'Status',
      'Actions',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible();
    const maria = await row('Maria Garcia');
    expect(within(maria).getByText('(512) 555-0101')).toBeVisible();
    expect(within(maria).getByText('$28,200')).toBeVisible();
    expect(within(maria).getByText('85/100')).toHaveStyle({ color: '#166534' });
    expect(within(await row('James Nguyen')).getByText('55/100')).toHaveStyle({
      color: '#9a3412',
    });
    expect(within(maria).getByRole('combobox', { name: 'Status of Maria Garcia' })).toHaveValue(
      'new',
    );
    expect(await screen.findByRole('tab', { name: 'All 3' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Contacted 1' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Converted 0' })).toBeVisible();
    expect(screen.getByText('Showing 3 of 3 leads')).toBeVisible();
  });

  it('sends the search (debounced), the status tab and the sort to the server', async () => {
    const api = signedInApi({
      'GET /api/leads': () => ({ body: { items: LEADS, nextCursor: null } }),
    });
    renderAuthApp('/dashboard?tab=leads');
    await row('Maria Garcia');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search leads' }), 'GARCIA');
    await waitFor(() => expect(api.calls('GET /api/leads').at(-1)?.query.get('q')).toBe('GARCIA'));
    // One search for the whole word, not one per key.
    expect(api.calls('GET /api/leads').filter((r) => r.query.has('q'))).toHaveLength(1);
    await waitFor(() =>
      expect(api.calls('GET /api/leads/counts').at(-1)?.query.get('q')).toBe('GARCIA'),
    );

    await userEvent.click(screen.getByRole('tab', { name: /^Contacted/ }));
    await waitFor(() =>
      expect(api.calls('GET /api/leads').at(-1)?.query.get('status')).toBe('contacted'),
    );

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'Highest Value',
    );
    await waitFor(() => {
      const query = api.calls('GET /api/leads').at(-1)?.query;
      expect(Object.fromEntries(query ?? [])).toEqual({
        q: 'GARCIA',
        status: 'contacted',
        sort: 'value',
      });
    });
  });

  it('shows the empty state when nothing matches', async () => {
    signedInApi({ 'GET /api/leads': () => ({ body: { items: [], nextCursor: null } }) });
    renderAuthApp('/dashboard?tab=leads');

    expect(await screen.findByText('No leads found')).toBeVisible();
    expect(screen.getByText('Try adjusting your filters or search term')).toBeVisible();
  });

  it('loads the next page with the cursor of the last one', async () => {
    const api = signedInApi({
      'GET /api/leads': ({ query }: FakeRequest) =>
        query.get('cursor') === 'page-2'
          ? { body: { items: [LEADS[1]], nextCursor: null } }
          : { body: { items: [LEADS[0]], nextCursor: 'page-2' } },
    });
    renderAuthApp('/dashboard?tab=leads');
    await row('Maria Garcia');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await row('James Nguyen')).toBeVisible();
    expect(api.calls('GET /api/leads').at(-1)?.query.get('cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps a Load more click when a new lead arrives while the next page loads', async () => {
    let answerNextPage: (() => void) | undefined;
    let firstPage = [LEADS[0]!];
    const nextPage = { body: { items: [LEADS[1]], nextCursor: null } };
    const api = signedInApi({
      // The first request for the next page waits until the test answers it.
      'GET /api/leads': ({ query }: FakeRequest) =>
        query.get('cursor') !== 'page-2'
          ? { body: { items: firstPage, nextCursor: 'page-2' } }
          : answerNextPage
            ? nextPage
            : new Promise((resolve) => {
                answerNextPage = () => resolve(nextPage);
              }),
    });
    renderAuthApp('/dashboard?tab=leads');
    await row('Maria Garcia');
    await waitFor(() => expect(connectLeadSocket).toHaveBeenCalled());
    socket.connectNow();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(api.calls('GET /api/leads').at(-1)?.query.get('cursor')).toBe('page-2'),
    );
    // A homeowner asks for a quote meanwhile: the lists are brought up to date, but the page
    // the contractor asked for still comes.
    const fresh = testLead({ id: 'lead-9', name: 'Sofia Lopez' });
    firstPage = [fresh, ...firstPage];
    socket.serverSends('lead:created', { lead: fresh });
    answerNextPage!();

    expect(await row('James Nguyen')).toBeVisible();
    expect(await row('Sofia Lopez')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('changes a status only once the server saved it', async () => {
    let saved: LeadListItem = LEADS[0]!;
    let answer: () => void = () => {};
    const api = signedInApi({
      'GET /api/leads': () => ({ body: { items: [saved, ...LEADS.slice(1)], nextCursor: null } }),
      'PATCH /api/leads/lead-1/status': ({ body }: FakeRequest) =>
        new Promise((resolve) => {
          answer = () => {
            saved = { ...saved, status: (body as { status: LeadListItem['status'] }).status };
            resolve({ body: saved });
          };
        }),
    });
    renderAuthApp('/dashboard?tab=leads');
    const select = within(await row('Maria Garcia')).getByRole('combobox', {
      name: 'Status of Maria Garcia',
    });

    await userEvent.selectOptions(select, 'Qualified');
    await waitFor(() => expect(select).toBeDisabled());
    expect(select).toHaveValue('new');
    expect(api.calls('PATCH /api/leads/lead-1/status')[0]?.body).toEqual({ status: 'qualified' });

    answer();
    await waitFor(() => expect(select).toHaveValue('qualified'));
    await waitFor(() => expect(select).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the old status and says so when the save fails', async () => {
    signedInApi({
      'GET /api/leads': () => ({ body: { items: LEADS, nextCursor: null } }),
      'PATCH /api/leads/lead-1/status': () => ({
        status: 503,
        body: { error: 'Service unavailable' },
      }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAuthApp('/dashboard?tab=leads');
    const select = within(await row('Maria Garcia')).getByRole('combobox', {
      name: 'Status of Maria Garcia',
    });

    await userEvent.selectOptions(select, 'Lost');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Maria Garcia is still New: the change to Lost was not saved. Service unavailable',
    );
    expect(select).toHaveValue('new');
    expect(console.error).toHaveBeenCalledWith('Failed to update lead status', expect.anything());
  });

  it('hides a locked lead’s contact details and offers the upgrade', async () => {
    signedInApi({
      'GET /api/leads': () => ({ body: { items: LEADS, nextCursor: null } }),
      'GET /api/leads/lead-3': () => ({
        body: testLeadDetail({ ...LEADS[2], scoreReasons: null }),
      }),
    });
    renderAuthApp('/dashboard?tab=leads');
    const locked = await row('Locked lead');

    expect(within(locked).getByText('Contact hidden')).toBeVisible();
    expect(within(locked).getByText('Zip code 78704')).toBeVisible();
    expect(within(locked).getByText('$28,200')).toBeVisible();
    expect(within(locked).getByText(/1,850 sq ft/)).toBeVisible();

    await userEvent.click(
      within(locked).getByRole('button', { name: 'Show details of Locked lead' }),
    );
    const details = await screen.findByText(/Contact details are hidden/);
    expect(details).toHaveTextContent("This lead arrived after your plan's monthly lead limit");
    expect(await screen.findByText(/AI lead scoring, on the Smart plan and up/)).toBeVisible();

    await userEvent.click(within(locked).getByRole('link', { name: 'Upgrade' }));
    await waitFor(() => expect(location()).toBe('/dashboard?tab=subscription'));
  });

  it('opens a lead’s details: contact, coordinates, score reasons, timeline and notes', async () => {
    let detail = testLeadDetail();
    const api = signedInApi({
      'GET /api/leads': () => ({ body: { items: LEADS, nextCursor: null } }),
      'GET /api/leads/lead-1': () => ({ body: detail }),
      'POST /api/leads/lead-1/notes': ({ body }: FakeRequest) => {
        const entry = {
          id: 'event-2',
          type: 'note_added' as const,
          at: '2026-03-05T10:00:00.000Z',
          fromStatus: null,
          toStatus: null,
          note: (body as { body: string }).body,
          detail: null,
        };
        detail = { ...detail, timeline: [...detail.timeline, entry] };
        return { status: 201, body: entry };
      },
    });
    renderAuthApp('/dashboard?tab=leads');
    const maria = await row('Maria Garcia');

    const toggle = within(maria).getByRole('button', { name: 'Show details of Maria Garcia' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    expect(await screen.findByText('30.26120, -97.75340')).toBeVisible();
    expect(screen.getByText('Owns the home: +30')).toBeVisible();
    expect(screen.getByText('Lead received')).toBeVisible();
    expect(screen.getByText(/^Created Mar 4, 2026/)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note is required')).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'Add note' }), 'Call back Tuesday');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));

    expect(await screen.findByText('Call back Tuesday')).toBeVisible();
    expect(api.calls('POST /api/leads/lead-1/notes')[0]?.body).toEqual({
      body: 'Call back Tuesday',
    });
    expect(screen.getByRole('textbox', { name: 'Add note' })).toHaveValue('');
  });

  /** The leads tab, listening, whose first load answers and whose refetches never do. */
  async function leadsTabThatNeverRefetches() {
    let loads = 0;
    signedInApi({
      'GET /api/leads': () =>
        loads++ === 0 ? { body: { items: LEADS, nextCursor: null } } : new Promise(() => {}),
    });
    renderAuthApp('/dashboard?tab=leads');
    await row('Maria Garcia');
    await waitFor(() => expect(connectLeadSocket).toHaveBeenCalled());
  }

  it('puts a new lead at the top of the newest-first list before the lists refetch', async () => {
    await leadsTabThatNeverRefetches();

    socket.serverSends('lead:created', { lead: testLead({ id: 'lead-9', name: 'Sofia Lopez' }) });

    const list = await table();
    // Row 0 holds the column headers.
    await waitFor(() =>
      expect(within(list).getAllByRole('row')[1]).toHaveTextContent('Sofia Lopez'),
    );
  });

  it('puts leads stored together at the top, newest first, from one event', async () => {
    await leadsTabThatNeverRefetches();

    socket.serverSends('leads:created', {
      leads: [
        testLead({ id: 'lead-8', name: 'Sofia Lopez' }),
        testLead({ id: 'lead-9', name: 'Tomas Reyes' }),
      ],
    });

    const list = await table();
    await waitFor(() => {
      const rows = within(list).getAllByRole('row');
      expect(rows[1]).toHaveTextContent('Tomas Reyes');
      expect(rows[2]).toHaveTextContent('Sofia Lopez');
      expect(rows[3]).toHaveTextContent('Maria Garcia');
    });
  });

  it('shows a lead created elsewhere without a reload, and refetches after a reconnect', async () => {
    let items = LEADS.slice(0, 2);
    const api = signedInApi({ 'GET /api/leads': () => ({ body: { items, nextCursor: null } }) });
    renderAuthApp('/dashboard?tab=leads');
    await row('Maria Garcia');
    await waitFor(() => expect(connectLeadSocket).toHaveBeenCalled());
    socket.connectNow();

    const fresh = testLead({ id: 'lead-9', name: 'Sofia Lopez' });
    items = [fresh, ...items];
    socket.serverSends('lead:created', { lead: fresh });
    expect(await row('Sofia Lopez')).toBeVisible();

    items = [{ ...fresh, status: 'contacted' }, ...items.slice(1)];
    socket.serverSends('lead:updated', { lead: items[0]! });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Status of Sofia Lopez' })).toHaveValue(
        'contacted',
      ),
    );

    items = items.filter((lead) => lead.id !== 'lead-2');
    socket.serverSends('lead:deleted', { id: 'lead-2' });
    await waitFor(() => expect(screen.queryByText('James Nguyen')).not.toBeInTheDocument());

    const before = api.calls('GET /api/leads').length;
    socket.dropConnection();
    socket.connectNow();
    await waitFor(() => expect(api.calls('GET /api/leads').length).toBeGreaterThan(before));
  });
});
