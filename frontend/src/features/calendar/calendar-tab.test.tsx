import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  type ContractorBooking,
  DEFAULT_AVAILABILITY,
  type GoogleCalendarStatus,
} from '@rafter/domain/calendar';
import { fakeApi, type FakeRequest } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { CalendarTab } from './components/CalendarTab';

const WAIT = { timeout: 10_000 };

/** 9 am and 2 pm in Denver (MST, UTC-7) on Tuesday Dec 1, and 10 am on Wednesday Dec 2. */
const BOOKINGS: ContractorBooking[] = [
  {
    id: 'b1',
    leadId: 'l1',
    startsAt: '2026-12-01T16:00:00.000Z',
    endsAt: '2026-12-01T17:00:00.000Z',
    status: 'booked',
    name: 'Maria Lopez',
    address: '123 Main St, Denver, CO 80202',
    phone: '(720) 555-0101',
    email: 'maria@example.com',
    leadStatus: 'contacted',
  },
  {
    id: 'b2',
    leadId: 'l2',
    startsAt: '2026-12-01T21:00:00.000Z',
    endsAt: '2026-12-01T22:00:00.000Z',
    status: 'cancelled',
    name: 'Sam Reed',
    address: '9 Elm St, Denver, CO 80203',
    phone: '(720) 555-0102',
    email: 'sam@example.com',
    leadStatus: 'new',
  },
  {
    id: 'b3',
    leadId: 'l3',
    startsAt: '2026-12-02T17:00:00.000Z',
    endsAt: '2026-12-02T18:00:00.000Z',
    status: 'booked',
    name: 'Ann Chu',
    address: '5 Oak Ave, Denver, CO 80204',
    phone: '(720) 555-0103',
    email: 'ann@example.com',
    leadStatus: 'qualified',
  },
];

const NOT_CONNECTED: GoogleCalendarStatus = {
  available: true,
  connected: false,
  accountEmail: null,
  connectedAt: null,
  busySyncedAt: null,
  error: null,
};

function calendarApi(google: GoogleCalendarStatus = NOT_CONNECTED) {
  let feed = 'https://rafter.test/api/calendar/feed/cal_first.ics';
  let googleStatus = google;
  return fakeApi({
    'GET /api/calendar/google': () => ({ body: googleStatus }),
    'POST /api/calendar/google/connect': () => ({
      body: { url: 'https://accounts.google.test/o/oauth2/v2/auth?state=s' },
    }),
    'DELETE /api/calendar/google': () => {
      googleStatus = NOT_CONNECTED;
      return { body: googleStatus };
    },
    'GET /api/calendar/availability': () => ({
      body: { ...DEFAULT_AVAILABILITY, timeZone: 'America/Denver' },
    }),
    'PUT /api/calendar/availability': (request: FakeRequest) => ({ body: request.body }),
    'GET /api/calendar/bookings': () => ({ body: { bookings: BOOKINGS } }),
    'POST /api/calendar/bookings/b1/cancel': () => ({
      body: { ...BOOKINGS[0], status: 'cancelled' },
    }),
    'GET /api/calendar/slots': () => ({
      body: {
        timeZone: 'America/Denver',
        slots: [
          { startsAt: '2026-12-03T15:00:00.000Z', endsAt: '2026-12-03T16:00:00.000Z' },
          { startsAt: '2026-12-03T16:30:00.000Z', endsAt: '2026-12-03T17:30:00.000Z' },
        ],
      },
    }),
    'POST /api/calendar/bookings/b3/reschedule': (request: FakeRequest) => ({
      body: {
        ...BOOKINGS[2],
        startsAt: (request.body as { startsAt: string }).startsAt,
        endsAt: '2026-12-03T17:30:00.000Z',
      },
    }),
    'GET /api/calendar/feed': () => ({ body: { url: feed } }),
    'POST /api/calendar/feed/rotate': () => {
      feed = 'https://rafter.test/api/calendar/feed/cal_second.ics';
      return { body: { url: feed } };
    },
  });
}

function renderTab(access: 'allowed' | 'locked' = 'allowed', url = '/dashboard?tab=calendar') {
  renderWithQuery(
    <MemoryRouter initialEntries={[url]}>
      <CalendarTab access={access} upgradeTo="/dashboard?tab=subscription" />
    </MemoryRouter>,
  );
}

const inspections = () => screen.findAllByTestId('inspection', undefined, WAIT);

describe('Calendar tab', () => {
  it("lists inspections by day in the contractor's time zone, with map and phone links", async () => {
    calendarApi();
    renderTab();
    const rows = await inspections();
    expect(rows).toHaveLength(3);
    expect(screen.getByText('Times in America/Denver.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Tuesday, December 1' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Wednesday, December 2' })).toBeVisible();
    expect(rows[0]).toHaveTextContent('9:00 AM–10:00 AM · Maria Lopez');
    expect(
      within(rows[0]!).getByRole('link', { name: '123 Main St, Denver, CO 80202' }),
    ).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=123%20Main%20St%2C%20Denver%2C%20CO%2080202',
    );
    expect(within(rows[0]!).getByRole('link', { name: '(720) 555-0101' })).toHaveAttribute(
      'href',
      'tel:(720) 555-0101',
    );
    expect(within(rows[1]!).getByText('Cancelled')).toBeVisible();
    expect(within(rows[1]!).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('cancels after confirming, and the row shows it', async () => {
    const api = calendarApi();
    renderTab();
    const [first] = await inspections();
    await userEvent.click(within(first!).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this inspection?' });
    expect(dialog).toHaveTextContent('The homeowner will be e-mailed.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel inspection' }));
    expect(await within(first!).findByText('Cancelled', undefined, WAIT)).toBeVisible();
    expect(api.calls('POST /api/calendar/bookings/b1/cancel')).toHaveLength(1);
  });

  it('moves an inspection to a free time picked in the dialog', async () => {
    const api = calendarApi();
    renderTab();
    const rows = await inspections();
    await userEvent.click(within(rows[2]!).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Ann Chu’s inspection' });
    const thursday = await within(dialog).findByRole(
      'group',
      { name: 'Thursday, December 3' },
      WAIT,
    );
    await userEvent.click(within(thursday).getByRole('button', { name: '9:30 AM' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move inspection' }));
    expect(
      await screen.findByRole('heading', { name: 'Thursday, December 3' }, WAIT),
    ).toBeVisible();
    expect(api.calls('POST /api/calendar/bookings/b3/reschedule')[0]!.body).toEqual({
      startsAt: '2026-12-03T16:30:00.000Z',
    });
  });

  it('says what is wrong with the hours before saving, and saves what was fixed', async () => {
    const api = calendarApi();
    renderTab();
    const form = await screen.findByRole('form', { name: 'Availability' }, WAIT);
    const monday = within(form).getByRole('group', { name: 'Monday' });
    const to = within(monday).getByLabelText('Monday to');
    await userEvent.clear(to);
    await userEvent.type(to, '07:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Save availability' }));
    expect(within(monday).getByText('The end of a day must be after its start')).toBeVisible();
    expect(api.calls('PUT /api/calendar/availability')).toHaveLength(0);

    await userEvent.clear(to);
    await userEvent.type(to, '12:00');
    await userEvent.click(
      within(within(form).getByRole('group', { name: 'Saturday' })).getByRole('switch'),
    );
    const length = within(form).getByLabelText('Inspection length (minutes)');
    await userEvent.clear(length);
    await userEvent.type(length, '90');
    await userEvent.click(within(form).getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText('Availability saved', undefined, WAIT)).toBeVisible();
    expect(api.calls('PUT /api/calendar/availability')[0]!.body).toEqual({
      ...DEFAULT_AVAILABILITY,
      timeZone: 'America/Denver',
      inspectionMinutes: 90,
      weeklyHours: {
        ...DEFAULT_AVAILABILITY.weeklyHours,
        monday: { start: '08:00', end: '12:00' },
        saturday: { start: '08:00', end: '17:00' },
      },
    });
  });

  it('shows the feed link and replaces it after confirming', async () => {
    const api = calendarApi();
    renderTab();
    const link = await screen.findByRole('textbox', { name: 'Feed link' }, WAIT);
    await screen.findByDisplayValue(
      'https://rafter.test/api/calendar/feed/cal_first.ics',
      undefined,
      WAIT,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Get a new link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get a new feed link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Get a new link' }));
    await screen.findByDisplayValue(
      'https://rafter.test/api/calendar/feed/cal_second.ics',
      undefined,
      WAIT,
    );
    expect(link).toHaveValue('https://rafter.test/api/calendar/feed/cal_second.ics');
    expect(api.calls('POST /api/calendar/feed/rotate')).toHaveLength(1);
  });

  it('offers a plan instead of the tab without one, and asks the API nothing', async () => {
    const api = calendarApi();
    renderTab('locked');
    expect(
      await screen.findByRole('heading', {
        name: 'Inspection booking and calendar feed come with every plan',
      }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/dashboard?tab=subscription',
    );
    expect(api.requests).toHaveLength(0);
  });

  it('shows the connected Google Calendar, a failed sync, and disconnects after confirming', async () => {
    const api = calendarApi({
      available: true,
      connected: true,
      accountEmail: 'roofer@gmail.com',
      connectedAt: '2026-11-20T15:00:00.000Z',
      busySyncedAt: '2026-11-27T15:00:00.000Z',
      error: { message: 'Google Calendar answered 503.', at: '2026-11-27T16:00:00.000Z' },
    });
    renderTab();
    const section = await screen.findByRole('region', { name: 'Google Calendar' }, WAIT);
    expect(await within(section).findByText('roofer@gmail.com', undefined, WAIT)).toBeVisible();
    expect(within(section).getByRole('alert')).toHaveTextContent(
      /Sync failed .*Google Calendar answered 503\. Until it works, homeowners are offered times around your Rafter inspections only\./,
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Google Calendar?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(
      await within(section).findByRole('button', { name: 'Connect Google Calendar' }, WAIT),
    ).toBeVisible();
    expect(api.calls('DELETE /api/calendar/google')).toHaveLength(1);
  });

  it('sends the contractor to Google’s consent, and says how the return went', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      const api = calendarApi();
      renderTab('allowed', '/dashboard?tab=calendar&google=connected');
      const section = await screen.findByRole('region', { name: 'Google Calendar' }, WAIT);
      expect(
        await within(section).findByText(
          'Google Calendar connected. Busy times there now block inspection slots.',
          undefined,
          WAIT,
        ),
      ).toBeVisible();
      await userEvent.click(
        await within(section).findByRole('button', { name: 'Connect Google Calendar' }, WAIT),
      );
      await vi.waitFor(() =>
        expect(assign).toHaveBeenCalledWith(
          'https://accounts.google.test/o/oauth2/v2/auth?state=s',
        ),
      );
      expect(api.calls('POST /api/calendar/google/connect')).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
