import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { simulateRoofArea } from '@rafter/domain/estimate';
import { DEFAULT_MATERIAL_PRICING } from '@rafter/domain/materials';
import { Estimator } from './components/Estimator';
import { MEASURING_STATUS_TEXTS } from './hooks/use-measuring-sequence';
import { fakeApi, TEST_PUBLIC_CONFIG } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';

const OWNER_ID = '3f2b9f7e-5a0c-4d47-9a43-8f5c2f0c1a11';
const OWNER_PRICING = { ...DEFAULT_MATERIAL_PRICING, asphalt: { min: 3.9, max: 6.25 } };
const TYPED_ADDRESS = '123 Main St, Austin, TX';
const ZIP = '78701';
const MEASURED_ADDRESS = `${TYPED_ADDRESS} ${ZIP}`;

const dollars = (amount: number) => `$${Math.round(amount).toLocaleString('en-US')}`;

interface SetupOptions {
  measurement?: { areaSqFt: number; source: 'solar' | 'simulation' };
  /** Resolves the measurement request when called. */
  holdMeasurement?: Promise<void>;
  captureStatus?: number;
}

function setup(options: SetupOptions = {}) {
  let tokens = 0;
  return fakeApi({
    'GET /api/public-config': () => ({ body: TEST_PUBLIC_CONFIG }),
    'GET /api/get-material-pricing': () => ({ body: OWNER_PRICING }),
    'POST /api/roof-measurement': async (request) => {
      await options.holdMeasurement;
      const { address, zipCode } = request.body as { address: string; zipCode: string };
      return {
        body: {
          areaSqFt: simulateRoofArea({ address, zipCode }),
          source: 'simulation',
          pitchDegrees: null,
          imageryQuality: null,
          imageryDate: null,
          ...options.measurement,
        },
      };
    },
    'GET /api/form-token': (request) => {
      tokens += 1;
      return {
        body: {
          token: `token-${tokens}`,
          expiresIn: 7200,
          challenge: null,
          previous: request.query.get('previous'),
        },
      };
    },
    'POST /api/capture-lead': () => ({
      status: options.captureStatus ?? 201,
      body:
        options.captureStatus && options.captureStatus >= 400
          ? { error: 'Internal server error' }
          : { id: 'lead-1', roofArea: 1, estimate: { low: 1, mid: 2, high: 3 }, score: 80 },
    }),
    'POST /api/main-site-leads': () => ({
      status: 201,
      body: {
        id: 'lead-2',
        roofArea: 1,
        estimate: { low: 6800, mid: 9350, high: 11900 },
        score: 70,
      },
    }),
  });
}

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
const button = (name: string) => screen.getByRole('button', { name });

async function enterZip(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: 'Zip Code' }), ZIP);
  await user.click(button('Continue'));
  await heading('Find your home');
}

/**
 * Fills a field the way a visitor pasting it would: one input event instead of one re-render of
 * the whole widget per character, which took seconds a field on a busy machine. Typing itself is
 * covered where it matters (the zip code here, the fields in quote-dialog.test.tsx).
 */
async function fill(user: UserEvent, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

async function typeAddress(user: UserEvent) {
  await fill(user, screen.getByRole('combobox', { name: 'Property address' }), TYPED_ADDRESS);
}

/**
 * Moves fake time on in steps: each timer of the sequence is set by an effect after the
 * previous one fired, and effects run when `act` ends.
 */
async function advance(ms: number, step = 500) {
  for (let elapsed = 0; elapsed < ms; elapsed += step) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(step, ms - elapsed)));
  }
}

/** Measures on fake time: the sequence takes 5.5 s. */
async function measure() {
  vi.useFakeTimers();
  fireEvent.click(button('Measure Roof'));
  await advance(5500);
  vi.useRealTimers();
  const dialog = await screen.findByRole('dialog', { name: 'Measurement Complete!' });
  const area = Number(within(dialog).getByTestId('measured-area').textContent?.replace(/\D/g, ''));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await heading('Are you the homeowner?');
  return area;
}

async function answerSteps(user: UserEvent, material = /^Asphalt shingles/, stories = '2 stories') {
  await user.click(screen.getByRole('radio', { name: 'Yes, I own it' }));
  await user.click(button('Continue'));
  await heading('Select your roofing material');
  await user.click(await screen.findByRole('radio', { name: material }));
  await user.click(button('Continue'));
  await heading('How many stories is your home?');
  await user.click(screen.getByRole('radio', { name: stories }));
  await user.click(button('Continue'));
  await heading('Your Estimated Cost');
}

/** Walks to step 6; returns the area 'Measurement Complete!' showed. */
async function reachEstimate(user: UserEvent, material?: RegExp, stories?: string) {
  await enterZip(user);
  await typeAddress(user);
  const measured = await measure();
  await answerSteps(user, material, stories);
  return measured;
}

// Each test walks the widget in jsdom the way a visitor would, which takes a few seconds.
describe('estimator steps', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps Continue disabled until the zip code has 5 digits, and accepts digits only', async () => {
    setup();
    const user = userEvent.setup();
    renderWithProviders(<Estimator ownerId={OWNER_ID} />);

    expect(screen.getByText('Step 1 of 6')).toBeVisible();
    const zip = screen.getByRole('textbox', { name: 'Zip Code' });
    expect(zip).toHaveAttribute('maxlength', '5');
    expect(button('Continue')).toBeDisabled();

    await user.type(zip, 'a7b87-0');
    expect(zip).toHaveValue('7870');
    expect(button('Continue')).toBeDisabled();

    await user.type(zip, '1999');
    expect(zip).toHaveValue('78701');
    expect(button('Continue')).toBeEnabled();

    await user.click(button('Continue'));
    expect(await heading('Find your home')).toBeVisible();
    expect(screen.getByText('Step 2 of 6')).toBeVisible();
  });

  it('needs an address to measure, and Back returns to the zip code as entered', async () => {
    setup();
    const user = userEvent.setup();
    renderWithProviders(<Estimator ownerId={OWNER_ID} />);
    await enterZip(user);

    expect(button('Measure Roof')).toBeDisabled();
    await typeAddress(user);
    expect(button('Measure Roof')).toBeEnabled();
    expect(screen.getByTestId('selected-address')).toHaveTextContent(MEASURED_ADDRESS);

    await user.click(button('Back'));
    expect(await screen.findByRole('textbox', { name: 'Zip Code' })).toHaveValue(ZIP);
    expect(screen.getByText('Step 1 of 6')).toBeVisible();
  });

  it('shows the measuring texts in order, 20 % a second, and the result 0.5 s after 100 %', async () => {
    const api = setup();
    const user = userEvent.setup();
    renderWithProviders(<Estimator ownerId={OWNER_ID} />);
    await enterZip(user);
    await typeAddress(user);

    vi.useFakeTimers();
    fireEvent.click(button('Measure Roof'));
    const status = () => screen.getByTestId('measuring-status').textContent;
    const percent = () => screen.getByTestId('measuring-percent').textContent;

    expect(status()).toBe('Analyzing satellite imagery...');
    expect(percent()).toBe('0%');
    const seen = [status()];
    for (let second = 1; second <= 5; second += 1) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(percent()).toBe(`${second * 20}%`);
      seen.push(status());
    }
    expect(seen).toEqual(MEASURING_STATUS_TEXTS);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const dialog = screen.getByRole('dialog', { name: 'Measurement Complete!' });
    const area = simulateRoofArea({ address: MEASURED_ADDRESS, zipCode: ZIP });
    expect(dialog).toHaveTextContent(`${area.toLocaleString('en-US')} sq ft`);
    expect(dialog).toHaveTextContent(
      "Estimated for a one-story home; we'll adjust it if yours has more stories.",
    );
    vi.useRealTimers();

    expect(api.calls('POST /api/roof-measurement')[0]?.body).toEqual({
      address: MEASURED_ADDRESS,
      zipCode: ZIP,
      latitude: null,
      longitude: null,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await heading('Are you the homeowner?')).toBeVisible();
    expect(screen.getByText('Step 3 of 6')).toBeVisible();
  });

  it('waits at 80 % while the measurement is still out', async () => {
    let release = () => {};
    setup({ holdMeasurement: new Promise<void>((resolve) => (release = resolve)) });
    const user = userEvent.setup();
    renderWithProviders(<Estimator ownerId={OWNER_ID} />);
    await enterZip(user);
    await typeAddress(user);

    vi.useFakeTimers();
    fireEvent.click(button('Measure Roof'));
    await advance(8000);
    expect(screen.getByTestId('measuring-percent')).toHaveTextContent('80%');
    expect(screen.getByTestId('measuring-status')).toHaveTextContent('Calculating total area...');

    release();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('measuring-percent')).toHaveTextContent('100%');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByRole('dialog', { name: 'Measurement Complete!' })).toBeVisible();
  });

  it('needs an answer on steps 3 to 5, and Back goes one step down', async () => {
    setup();
    const user = userEvent.setup();
    renderWithProviders(<Estimator ownerId={OWNER_ID} />);
    await enterZip(user);
    await typeAddress(user);
    await measure();

    expect(button('Continue')).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Considering buying' }));
    await user.click(button('Continue'));
    await heading('Select your roofing material');
    expect(button('Continue')).toBeDisabled();

    await user.click(button('Back'));
    await heading('Are you the homeowner?');
    expect(screen.getByRole('radio', { name: 'Considering buying' })).toBeChecked();
    await user.click(button('Back'));
    await heading('Find your home');
    expect(screen.getByRole('combobox', { name: 'Property address' })).toHaveValue(TYPED_ADDRESS);

    await user.click(screen.getByRole('button', { name: 'Measure Roof' }));
    // A second measurement starts the sequence again.
    expect(screen.getByTestId('measuring-percent')).toHaveTextContent('0%');
  });

  it("lists the owner's price per sq ft for every material", async () => {
    setup();
    const user = userEvent.setup();
    renderWithProviders(<Estimator ownerId={OWNER_ID} />);
    await enterZip(user);
    await typeAddress(user);
    await measure();
    await user.click(screen.getByRole('radio', { name: 'Yes, I own it' }));
    await user.click(button('Continue'));
    await heading('Select your roofing material');

    expect(await screen.findByRole('radio', { name: /^Asphalt shingles/ })).toBeInTheDocument();
    const group = screen.getByRole('radiogroup', { name: 'Select your roofing material' });
    expect(group).toHaveTextContent('$3.90 - $6.25 per sq ft');
    expect(group).toHaveTextContent('$23.49 - $31.77 per sq ft');
  });

  it('prices Low, Average and High as area × low, midpoint and high price', async () => {
    setup();
    const user = userEvent.setup();
    renderWithProviders(<Estimator ownerId={OWNER_ID} />);
    const measured = await reachEstimate(user);

    const area = simulateRoofArea({
      address: MEASURED_ADDRESS,
      zipCode: ZIP,
      stories: 'two',
      material: 'asphalt',
    });
    const amounts = screen.getAllByRole('definition').map((node) => node.textContent);
    expect(amounts).toEqual([
      dollars(area * 3.9),
      dollars((area * (3.9 + 6.25)) / 2),
      dollars(area * 6.25),
    ]);
    expect(screen.getByTestId('estimate-basis')).toHaveTextContent(
      `${area.toLocaleString('en-US')} sq ft · Asphalt shingles · 2 stories`,
    );
    // The dialog's area assumed one story: step 6 says why its own is about 30 % smaller.
    expect(measured).toBe(simulateRoofArea({ address: MEASURED_ADDRESS, zipCode: ZIP }));
    expect(area).toBeLessThan(measured * 0.75);
    expect(screen.getByTestId('roof-area-adjustment')).toHaveTextContent(
      `Adjusted for a two-story home: ${area.toLocaleString('en-US')} sq ft (the ` +
        `${measured.toLocaleString('en-US')} sq ft measured assumed one story).`,
    );
  });

  it('one story of asphalt: step 6 uses the area the dialog showed, with nothing to explain', async () => {
    setup();
    const user = userEvent.setup();
    renderWithProviders(<Estimator ownerId={OWNER_ID} />);
    const measured = await reachEstimate(user, /^Asphalt shingles/, '1 story');

    expect(screen.getByTestId('estimate-basis')).toHaveTextContent(
      `${measured.toLocaleString('en-US')} sq ft · Asphalt shingles · 1 story`,
    );
    expect(screen.queryByTestId('roof-area-adjustment')).toBeNull();
  });

  it('explains both the stories and the extra area tile needs', async () => {
    setup();
    const user = userEvent.setup();
    renderWithProviders(<Estimator ownerId={OWNER_ID} />);
    const measured = await reachEstimate(user, /^Tile/, '3 stories');

    const area = simulateRoofArea({
      address: MEASURED_ADDRESS,
      zipCode: ZIP,
      stories: 'three',
      material: 'tile',
    });
    expect(screen.getByTestId('roof-area-adjustment')).toHaveTextContent(
      `Adjusted for a three-story home and tile: ${area.toLocaleString('en-US')} sq ft (the ` +
        `${measured.toLocaleString('en-US')} sq ft measured assumed one story; tile adds 3% ` +
        'for overlap and trim).',
    );
  });

  it('prices a measured (solar) roof by its measured area, whatever the stories', async () => {
    setup({ measurement: { areaSqFt: 2480, source: 'solar' } });
    const user = userEvent.setup();
    renderWithProviders(<Estimator ownerId={OWNER_ID} />);
    const measured = await reachEstimate(user);

    expect(measured).toBe(2480);
    const amounts = screen.getAllByRole('definition').map((node) => node.textContent);
    expect(amounts).toEqual(['$9,672', '$12,586', '$15,500']);
    // A real roof is the same whatever the stories: one area, nothing to explain.
    expect(screen.getByTestId('estimate-basis')).toHaveTextContent(
      '2,480 sq ft · Asphalt shingles · 2 stories',
    );
    expect(screen.queryByTestId('roof-area-adjustment')).toBeNull();
  });

  it('uses the default prices in the main-site flow', async () => {
    const api = setup();
    const user = userEvent.setup();
    renderWithProviders(<Estimator />);
    await reachEstimate(user);

    const area = simulateRoofArea({
      address: MEASURED_ADDRESS,
      zipCode: ZIP,
      stories: 'two',
      material: 'asphalt',
    });
    expect(screen.getAllByRole('definition')[0]).toHaveTextContent(dollars(area * 3.4));
    expect(api.calls('GET /api/get-material-pricing')).toHaveLength(0);
  });
});

describe('quote request', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function fillQuote(user: UserEvent) {
    const dialog = screen.getByRole('dialog', { name: 'Get Your Exact Quote' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'First Name' }), 'Dana');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Last Name' }), 'Reyes');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Email' }), 'dana@example.com');
    await fill(
      user,
      within(dialog).getByRole('textbox', { name: 'Phone Number' }),
      '(512) 555-0100',
    );
    return dialog;
  }

  it('sends the owner-flow lead with the estimate, form token and source, then closes after 3 s', async () => {
    const api = setup();
    const user = userEvent.setup();
    renderWithProviders(<Estimator ownerId={OWNER_ID} source="embed" />);
    await reachEstimate(user);
    await user.click(button('Get Exact Quote'));
    const dialog = await fillQuote(user);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(/Your quote request has been sent/)).toBeVisible();

    const area = simulateRoofArea({
      address: MEASURED_ADDRESS,
      zipCode: ZIP,
      stories: 'two',
      material: 'asphalt',
    });
    const [request] = api.calls('POST /api/capture-lead');
    expect(request?.body).toEqual({
      ownerId: OWNER_ID,
      source: 'embed',
      website: '',
      // The consent box for texts was left unticked.
      textConsent: false,
      // Fetched as the widget appeared, for this contractor's calculator.
      formToken: 'token-1',
      // The visit counted for analytics (docs/analytics.md): its jobs won count per source.
      visitId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/),
      lead: {
        firstName: 'Dana',
        lastName: 'Reyes',
        email: 'dana@example.com',
        phone: '5125550100',
        address: MEASURED_ADDRESS,
        zipCode: ZIP,
        latitude: null,
        longitude: null,
        ownership: 'owner',
        material: 'asphalt',
        stories: 'two',
        roofArea: area,
        estimateLow: Math.round(area * 3.9),
        estimateMid: Math.round((area * (3.9 + 6.25)) / 2),
        estimateHigh: Math.round(area * 6.25),
      },
    });
    expect(api.calls('GET /api/form-token')[0]?.query.get('ownerId')).toBe(OWNER_ID);
    // A token is single use: the next quote request from this page gets a new one, keeping the
    // first one's start.
    await waitFor(() => expect(api.calls('GET /api/form-token')).toHaveLength(2));
    expect(api.calls('GET /api/form-token')[1]?.query.get('previous')).toBe('token-1');

    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.getByRole('dialog', { name: 'Get Your Exact Quote' })).toBeVisible();
    // Past 3 s, plus the closing transition.
    await advance(600, 200);
    vi.useRealTimers();
    expect(screen.queryByRole('dialog', { name: 'Get Your Exact Quote' })).not.toBeInTheDocument();
    expect(screen.getByText(/Your quote request has been sent/)).toBeVisible();
    expect(
      screen.queryByRole('dialog', { name: 'Your Estimate is Ready!' }),
    ).not.toBeInTheDocument();
  });

  it('shows the error text when sending fails, and keeps what was typed', async () => {
    setup({ captureStatus: 500 });
    const user = userEvent.setup();
    renderWithProviders(<Estimator ownerId={OWNER_ID} />);
    await reachEstimate(user);
    await user.click(button('Get Exact Quote'));
    const dialog = await fillQuote(user);

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(
      await within(dialog).findByText('Something went wrong. Please try again.'),
    ).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'First Name' })).toHaveValue('Dana');
  });

  it('main-site flow: after 2 s the dialog closes and the estimate-ready modal asks for sign-up', async () => {
    const api = setup();
    const user = userEvent.setup();
    const onSignup = vi.fn();
    window.addEventListener('showSignup', onSignup);
    renderWithProviders(<Estimator />);
    await reachEstimate(user);
    await user.click(button('Get Exact Quote'));
    const dialog = await fillQuote(user);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await within(dialog).findByText(/Your quote request has been sent/);
    expect(api.calls('POST /api/main-site-leads')[0]?.body).toMatchObject({
      website: '',
      lead: { firstName: 'Dana', material: 'asphalt', stories: 'two' },
    });
    expect(api.calls('POST /api/main-site-leads')[0]?.body).not.toHaveProperty('ownerId');
    expect(api.calls('POST /api/main-site-leads')[0]?.body).toMatchObject({ formToken: 'token-1' });
    expect(api.calls('GET /api/form-token')[0]?.query.has('ownerId')).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(
      screen.queryByRole('dialog', { name: 'Your Estimate is Ready!' }),
    ).not.toBeInTheDocument();
    await advance(600, 200);
    vi.useRealTimers();

    const modal = await screen.findByRole('dialog', { name: 'Your Estimate is Ready!' });
    expect(modal).toHaveTextContent('$6,800 - $11,900');
    expect(modal).toHaveTextContent('Estimated replacement cost');
    expect(modal).toHaveTextContent(
      'Get this exact calculator for your website • $97/month • No setup fees',
    );
    await user.click(within(modal).getByRole('button', { name: 'Start My Rafter Account' }));
    expect(onSignup).toHaveBeenCalledTimes(1);
    window.removeEventListener('showSignup', onSignup);

    // The form was reset for the next visitor.
    await user.click(await screen.findByRole('button', { name: 'Get Exact Quote' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Get Your Exact Quote' })).getByRole(
        'textbox',
        { name: 'First Name' },
      ),
    ).toHaveValue('');
  });
});
