import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsBatchSchema, type AnalyticsBatch } from '@rafter/domain/analytics';
import { FUNNEL_STEPS, type FunnelStep } from '@rafter/domain/funnel';
import { DEFAULT_MATERIAL_PRICING } from '@rafter/domain/materials';
import { Estimator } from '../components/Estimator';
import { fakeApi, TEST_PUBLIC_CONFIG } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render-with-providers';

const OWNER_ID = '3f2b9f7e-5a0c-4d47-9a43-8f5c2f0c1a11';
const ZIP = '78701';
const SLOT = { startsAt: '2026-12-02T16:00:00.000Z', endsAt: '2026-12-02T17:00:00.000Z' };

const NAVIGATOR_STUBS = ['sendBeacon', 'globalPrivacyControl', 'doNotTrack'];
let beacon: ReturnType<typeof vi.fn<(url: string, body: string) => boolean>>;

/** The browser's privacy signals and a sendBeacon that records what it is given. */
function browser(signals: { globalPrivacyControl?: boolean; doNotTrack?: string } = {}) {
  for (const [name, value] of Object.entries({ sendBeacon: beacon, ...signals })) {
    Object.defineProperty(navigator, name, { value, configurable: true });
  }
}

function setup() {
  return fakeApi({
    'GET /api/public-config': () => ({ body: TEST_PUBLIC_CONFIG }),
    'GET /api/get-material-pricing': () => ({ body: DEFAULT_MATERIAL_PRICING }),
    'POST /api/roof-measurement': () => ({
      body: {
        areaSqFt: 2000,
        source: 'solar',
        pitchDegrees: null,
        imageryQuality: null,
        imageryDate: null,
      },
    }),
    'GET /api/form-token': () => ({ body: { token: 't', expiresIn: 7200, challenge: null } }),
    'POST /api/capture-lead': () => ({
      status: 201,
      body: {
        id: 'lead-1',
        roofArea: 2000,
        estimate: { low: 1, mid: 2, high: 3 },
        score: 80,
        bookingToken: 'b.token',
      },
    }),
    'GET /api/booking/offer': () => ({
      body: {
        contractorName: 'Sunny Roofing',
        timeZone: 'America/Chicago',
        inspectionMinutes: 60,
        booking: null,
        slots: [SLOT],
      },
    }),
    'POST /api/booking': () => ({
      status: 201,
      body: {
        id: 'bk1',
        ...SLOT,
        status: 'booked',
        contractorName: 'Sunny Roofing',
        timeZone: 'America/Chicago',
        address: '123 Main St, Austin, TX 78701',
        manageToken: 'm.x',
      },
    }),
  });
}

/** The reports sent so far, each one the ingest accepts. */
function reports(): AnalyticsBatch[] {
  return beacon.mock.calls.map(([url, body]) => {
    expect(url).toBe('/api/analytics/events');
    return analyticsBatchSchema.parse(JSON.parse(body));
  });
}

/** Leaves the page for a moment (switching tabs): what is pending goes at once. */
function hide() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
}

/** The steps of the last report once the page was hidden. */
async function sentSoFar(): Promise<FunnelStep[]> {
  hide();
  return reports().at(-1)?.steps ?? [];
}

const upTo = (step: FunnelStep) => FUNNEL_STEPS.slice(0, FUNNEL_STEPS.indexOf(step) + 1);
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
const button = (name: string) => screen.getByRole('button', { name });

async function fill(user: UserEvent, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

async function measure() {
  vi.useFakeTimers();
  fireEvent.click(button('Measure Roof'));
  for (let elapsed = 0; elapsed < 5500; elapsed += 500) {
    await act(() => vi.advanceTimersByTimeAsync(500));
  }
  vi.useRealTimers();
  const dialog = await screen.findByRole('dialog', { name: 'Measurement Complete!' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await heading('Are you the homeowner?');
}

async function choose(user: UserEvent, option: string | RegExp, next: string) {
  await user.click(await screen.findByRole('radio', { name: option }));
  await user.click(button('Continue'));
  await heading(next);
}

/** From the estimate: the quote dialog filled in and sent, until the server took it. */
async function requestQuote(user: UserEvent) {
  await user.click(button('Get Exact Quote'));
  const dialog = screen.getByRole('dialog', { name: 'Get Your Exact Quote' });
  await fill(user, within(dialog).getByRole('textbox', { name: 'First Name' }), 'Dana');
  await fill(user, within(dialog).getByRole('textbox', { name: 'Last Name' }), 'Reyes');
  await fill(user, within(dialog).getByRole('textbox', { name: 'Email' }), 'dana@example.com');
  await fill(user, within(dialog).getByRole('textbox', { name: 'Phone Number' }), '5125550100');
  await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
  expect(await within(dialog).findByText(/Your quote request has been sent/)).toBeVisible();
}

/** A share page whose link answers when the button is pressed. */
function OwnerKnownLater() {
  const [ownerId, setOwnerId] = useState<string | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOwnerId(OWNER_ID)}>
        The link answered
      </button>
      <Estimator ownerId={ownerId} ownerPending={!ownerId} source="share_page" />
    </>
  );
}

beforeEach(() => {
  beacon = vi.fn<(url: string, body: string) => boolean>(() => true);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const name of NAVIGATOR_STUBS) Reflect.deleteProperty(navigator, name);
});

describe("the estimator's funnel", () => {
  it('reports every step reached, cumulative and in order, never one twice, back and forth', async () => {
    browser();
    const api = setup();
    const user = userEvent.setup();
    renderWithProviders(
      <Estimator ownerId={OWNER_ID} source="share_page" utmQuery="?utm_source=fb" />,
    );

    await waitFor(async () => expect(await sentSoFar()).toEqual(['view']));
    await user.type(screen.getByRole('textbox', { name: 'Zip Code' }), ZIP);
    expect(await sentSoFar()).toEqual(upTo('start'));
    await user.click(button('Continue'));
    await heading('Find your home');
    expect(await sentSoFar()).toEqual(upTo('address'));

    // Back to the zip code and on again: nothing new to say.
    const sent = beacon.mock.calls.length;
    await user.click(button('Back'));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await heading('Find your home');
    hide();
    expect(beacon.mock.calls.length).toBe(sent);

    await fill(
      user,
      screen.getByRole('combobox', { name: 'Property address' }),
      '123 Main St, Austin, TX',
    );
    expect(reports().at(-1)).not.toHaveProperty('zipCode');
    await measure();
    expect(await sentSoFar()).toEqual(upTo('ownership'));
    // The measured address's ZIP code from then on, never the street.
    expect(reports().at(-1)).toMatchObject({ zipCode: ZIP });
    await choose(user, 'Yes, I own it', 'Select your roofing material');
    expect(await sentSoFar()).toEqual(upTo('material'));
    expect(reports().at(-1)).not.toHaveProperty('material');
    await choose(user, /^Asphalt shingles/, 'How many stories is your home?');
    expect(await sentSoFar()).toEqual(upTo('stories'));
    expect(reports().at(-1)).toMatchObject({ material: 'asphalt', zipCode: ZIP });
    await choose(user, '1 story', 'Your Estimated Cost');
    expect(await sentSoFar()).toEqual(upTo('estimate'));

    await user.click(button('Back'));
    await heading('How many stories is your home?');
    await user.click(button('Continue'));
    await heading('Your Estimated Cost');

    await requestQuote(user);
    // Counted as soon as the server took it, before the success message closes.
    expect(await sentSoFar()).toEqual(upTo('quote'));

    const region = await screen.findByRole(
      'region',
      { name: 'Book a free roof inspection' },
      { timeout: 10_000 },
    );
    const times = await within(region).findAllByRole('button', { name: /AM|PM/ });
    await user.click(times[0]!);
    await user.click(within(region).getByRole('button', { name: 'Book inspection' }));
    await within(region).findByText('Your inspection is booked');
    expect(await sentSoFar()).toEqual(FUNNEL_STEPS);

    const all = reports();
    // One visit, each report longer than the last (a step set is never sent twice).
    expect(new Set(all.map((report) => report.visitId)).size).toBe(1);
    all.forEach((report, index) => {
      expect(report.steps).toEqual(upTo(report.steps.at(-1)!));
      if (index > 0) expect(report.steps.length).toBeGreaterThan(all[index - 1]!.steps.length);
    });
    expect(all[0]).toMatchObject({
      ownerId: OWNER_ID,
      source: 'share_page',
      utm: { source: 'fb' },
    });
    expect(all.at(-1)).toMatchObject({ material: 'asphalt', zipCode: ZIP });
    expect(JSON.stringify(all)).not.toContain('Main St');
    // The quote request carries the visit, so a job won from it counts for its source.
    const [quote] = api.calls('POST /api/capture-lead');
    expect(quote!.body).toMatchObject({ visitId: all[0]!.visitId });
  });

  it('batches quick steps into one beacon about a second later', async () => {
    browser();
    setup();
    const user = userEvent.setup();
    renderWithProviders(<Estimator ownerId={OWNER_ID} source="widget" />);
    await user.type(screen.getByRole('textbox', { name: 'Zip Code' }), ZIP);
    await user.click(button('Continue'));
    await heading('Find your home');
    await waitFor(() => expect(beacon).toHaveBeenCalled());
    expect(reports().map((report) => report.steps)).toEqual([upTo('address')]);
  });

  it.each([
    ['Global Privacy Control', { globalPrivacyControl: true }],
    ['Do Not Track', { doNotTrack: '1' }],
  ])('collects and sends nothing with %s on', async (_name, signals) => {
    browser(signals);
    const api = setup();
    const user = userEvent.setup();
    renderWithProviders(<Estimator ownerId={OWNER_ID} source="embed" origin="https://a.example" />);
    await user.type(screen.getByRole('textbox', { name: 'Zip Code' }), ZIP);
    await user.click(button('Continue'));
    await heading('Find your home');
    hide();
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((resolve) => setTimeout(resolve, 1200));

    expect(beacon).not.toHaveBeenCalled();
    expect(api.calls('POST /api/analytics/events')).toHaveLength(0);
  });

  it('sends a quote request without a visit when the visitor asked not to be counted', async () => {
    browser({ globalPrivacyControl: true });
    const api = setup();
    const user = userEvent.setup();
    renderWithProviders(<Estimator ownerId={OWNER_ID} source="widget" />);
    await user.type(screen.getByRole('textbox', { name: 'Zip Code' }), ZIP);
    await user.click(button('Continue'));
    await heading('Find your home');
    await fill(
      user,
      screen.getByRole('combobox', { name: 'Property address' }),
      '123 Main St, Austin, TX',
    );
    await measure();
    await choose(user, 'Yes, I own it', 'Select your roofing material');
    await choose(user, /^Asphalt shingles/, 'How many stories is your home?');
    await choose(user, '1 story', 'Your Estimated Cost');
    await requestQuote(user);

    const [quote] = api.calls('POST /api/capture-lead');
    expect(quote!.body).not.toHaveProperty('visitId');
    expect(beacon).not.toHaveBeenCalled();
  });

  it.each([
    ['the landing page demo', { ownerId: null, demo: true }],
    ['the main-site flow', { ownerId: null }],
    ['an owner not known yet', { ownerId: null, ownerPending: true }],
  ])('counts no visit for %s', async (_name, props) => {
    browser();
    setup();
    renderWithProviders(<Estimator {...props} />);
    await screen.findByRole('textbox', { name: 'Zip Code' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    hide();
    expect(beacon).not.toHaveBeenCalled();
  });

  it('starts the visit once the owner is known, with what the visitor did meanwhile', async () => {
    browser();
    setup();
    const user = userEvent.setup();
    renderWithProviders(<OwnerKnownLater />);
    await user.type(screen.getByRole('textbox', { name: 'Zip Code' }), ZIP);
    hide();
    expect(beacon).not.toHaveBeenCalled();

    await user.click(button('The link answered'));
    await waitFor(async () => expect(await sentSoFar()).toEqual(upTo('start')));
    expect(reports()).toHaveLength(1);
  });
});
