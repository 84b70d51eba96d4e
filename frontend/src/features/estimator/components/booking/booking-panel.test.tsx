import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BOOKING_MESSAGES, type BookingOffer } from '@rafter/domain/calendar';
import { fakeApi, type FakeRequest } from '../../../../test/fake-api';
import { renderWithQuery } from '../../../../test/render-with-query';
import BookingPanel from './BookingPanel';

// The homeowner is in Los Angeles; the contractor in Denver, an hour ahead.
vi.hoisted(() => {
  process.env.TZ = 'America/Los_Angeles';
});

const WAIT = { timeout: 10_000 };
const TOKEN = 'b.token';

/** Tuesday Dec 1 at 9:00 and 10:30 in Los Angeles (PST), and Wednesday Dec 2 at 8:00. */
const OFFER: BookingOffer = {
  contractorName: 'Sunny Roofing',
  timeZone: 'America/Denver',
  inspectionMinutes: 60,
  booking: null,
  slots: [
    { startsAt: '2026-12-01T17:00:00.000Z', endsAt: '2026-12-01T18:00:00.000Z' },
    { startsAt: '2026-12-01T18:30:00.000Z', endsAt: '2026-12-01T19:30:00.000Z' },
    { startsAt: '2026-12-02T16:00:00.000Z', endsAt: '2026-12-02T17:00:00.000Z' },
  ],
};

function booked(startsAt: string) {
  return {
    id: 'bk1',
    startsAt,
    endsAt: '2026-12-02T17:00:00.000Z',
    status: 'booked',
    contractorName: 'Sunny Roofing',
    timeZone: 'America/Denver',
    address: '123 Main St, Austin, TX 78701',
    manageToken: 'm.x',
  };
}

describe('Book a free roof inspection (after a quote request)', () => {
  it("shows the open times in the homeowner's zone with the contractor's, and books the one tapped", async () => {
    const api = fakeApi({
      'GET /api/booking/offer': () => ({ body: OFFER }),
      'POST /api/booking': (request: FakeRequest) => ({
        status: 201,
        body: booked((request.body as { startsAt: string }).startsAt),
      }),
    });
    renderWithQuery(<BookingPanel token={TOKEN} />);
    const region = await screen.findByRole('region', { name: 'Book a free roof inspection' });
    const days = await within(region).findByRole('group', { name: 'Day' }, WAIT);
    expect(
      within(days)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Tue, Dec 1', 'Wed, Dec 2']);
    const tuesday = within(region).getByRole('group', { name: 'Times on Tue, Dec 1' });
    expect(
      within(tuesday)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['9:00 AM10:00 AM contractor’s time', '10:30 AM11:30 AM contractor’s time']);
    expect(region).toHaveTextContent('the contractor is in America/Denver');
    expect(within(region).getByRole('button', { name: 'Book inspection' })).toBeDisabled();

    await userEvent.click(within(days).getByRole('button', { name: 'Wed, Dec 2' }));
    await userEvent.click(within(region).getByRole('button', { name: /^8:00 AM/ }));
    await userEvent.click(within(region).getByRole('button', { name: 'Book inspection' }));
    expect(
      await within(region).findByText('Your inspection is booked', undefined, WAIT),
    ).toBeVisible();
    expect(region).toHaveTextContent('Wednesday, December 2 at 8:00 AM with Sunny Roofing');
    expect(api.calls('POST /api/booking')[0]!.body).toEqual({
      token: TOKEN,
      startsAt: '2026-12-02T16:00:00.000Z',
    });
    expect(api.calls('GET /api/booking/offer')[0]!.query.get('token')).toBe(TOKEN);
  });

  it('says when someone else took the time, and shows the times left', async () => {
    let taken = false;
    const api = fakeApi({
      'GET /api/booking/offer': () => ({
        body: taken ? { ...OFFER, slots: OFFER.slots.slice(1) } : OFFER,
      }),
      'POST /api/booking': () => {
        taken = true;
        return { status: 409, body: { error: BOOKING_MESSAGES.slotTaken } };
      },
    });
    renderWithQuery(<BookingPanel token={TOKEN} />);
    const region = await screen.findByRole('region', { name: 'Book a free roof inspection' });
    await userEvent.click(await within(region).findByRole('button', { name: /^9:00 AM/ }, WAIT));
    await userEvent.click(within(region).getByRole('button', { name: 'Book inspection' }));
    expect(await within(region).findByRole('alert', undefined, WAIT)).toHaveTextContent(
      BOOKING_MESSAGES.slotTaken,
    );
    await vi.waitFor(
      () => expect(within(region).queryByRole('button', { name: /^9:00 AM/ })).toBeNull(),
      WAIT,
    );
    expect(within(region).getByRole('button', { name: 'Book inspection' })).toBeDisabled();
    expect(api.calls('GET /api/booking/offer')).toHaveLength(2);
  });

  it('shows nothing when the contractor takes no online bookings', async () => {
    const api = fakeApi({
      'GET /api/booking/offer': () => ({
        status: 404,
        body: { error: 'This contractor does not take online bookings.' },
      }),
    });
    const { container } = renderWithQuery(<BookingPanel token={TOKEN} />);
    await vi.waitFor(() => expect(api.calls('GET /api/booking/offer')).toHaveLength(1), WAIT);
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement(), WAIT);
  });
});
