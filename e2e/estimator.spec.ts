import { expect, test, type Locator, type Page } from './test';
import {
  computeEstimate,
  formatEstimateRange,
  formatUsd,
  simulateRoofArea,
} from '@rafter/domain/estimate';
import {
  DEFAULT_MATERIAL_PRICING,
  MATERIAL_LABELS,
  type Material,
  type PriceRange,
} from '@rafter/domain/materials';
import {
  OWNERSHIP_LABELS,
  STORIES_LABELS,
  type Ownership,
  type Stories,
} from '@rafter/domain/property';
import { expectAccessible, expectNoSidewaysScroll } from './accessibility';
import { collectPageErrors, goOffline } from './page-health';
import { DEMO_SLUG, ownerIdOf } from './quote';
import { signIn } from './contractor';
import { linkIn, messagesTo, type SinkMessage } from './mailbox';
import ical, { type VEvent } from 'node-ical';

// The homeowner's estimator against the built product: the /widget page in the owner and
// main-site flows, the /calc/{slug} share page, a phone-sized screen and axe-core on every step.
// Test machines have no internet, so the map tiles and the geocoder are cut off (the widget must
// still work on a typed address) except in the test that serves them from fixtures.

const DEMO_BUSINESS = 'Lone Star Roofing Co.';
/** The demo contractor's asphalt price; every other material uses the defaults. */
const DEMO_ASPHALT = { min: 3.9, max: 6.25 };
const ZIP = '78701';
const TYPED_ADDRESS = '1100 Congress Ave, Austin, TX';
/** The typed address with the zip inserted, as the widget measures and sends it. */
const MEASURED_ADDRESS = `${TYPED_ADDRESS} ${ZIP}`;
const SIMULATED_AREA_NOTE =
  "Estimated for a one-story home; we'll adjust it if yours has more stories.";
const MEASURING_TEXTS = [
  'Analyzing satellite imagery...',
  'Detecting roof boundaries...',
  'Calculating roof pitch...',
  'Measuring roof sections...',
  'Calculating total area...',
  'Measurement complete!',
];
/** The widget's states in two halves: up to the measurement, then the questions onwards. */
const FIRST_HALF = ['step 1', 'step 2', 'measurement dialog'];
const AXE_HALVES: [string, (where: string) => boolean][] = [
  ['the zip, address and measurement steps', (where) => FIRST_HALF.includes(where)],
  ['the questions, the estimate and the quote dialog', (where) => !FIRST_HALF.includes(where)],
];
/** The keyless map's load failure: it names no provider and no API key (there is none). */
const KEYLESS_MAP_LOAD_ERROR = 'Failed to load the map. Please check your internet connection.';

const stepHeading = (scope: Page | Locator, name: string) =>
  scope.getByRole('heading', { level: 2, name, exact: true });
const continueButton = (scope: Page | Locator) =>
  scope.getByRole('button', { name: 'Continue', exact: true });

interface Answers {
  ownership: Ownership;
  material: Material;
  stories: Stories;
}

interface WalkOptions {
  answers: Answers;
  /** Runs on every step (and open dialog) with a name for it. */
  check?: (where: string) => Promise<void>;
  /** The price caption expected for the chosen material. */
  priceCaption?: string;
}

/**
 * Zip code → typed address → Measure Roof → measuring sequence → Continue → the answers, up to
 * 'Your Estimated Cost'. Returns the roof area the measurement dialog showed.
 */
async function walkToEstimate(page: Page, { answers, check, priceCaption }: WalkOptions) {
  const widget = page.getByRole('region', { name: 'Roof replacement estimate' });
  await expect(widget.getByText('Step 1 of 6')).toBeVisible();
  await expect(stepHeading(widget, 'Enter your zip code')).toBeVisible();
  await expect(continueButton(widget)).toBeDisabled();
  const zip = widget.getByRole('textbox', { name: 'Zip Code' });
  await zip.pressSequentially('787x0123');
  await expect(zip).toHaveValue('78701');
  await expect(continueButton(widget)).toBeEnabled();
  await check?.('step 1');
  await continueButton(widget).click();

  await expect(widget.getByText('Step 2 of 6')).toBeVisible();
  await expect(stepHeading(widget, 'Find your home')).toBeFocused();
  await expect(widget.getByRole('button', { name: 'Measure Roof' })).toBeDisabled();
  await widget.getByRole('combobox', { name: 'Property address' }).fill(TYPED_ADDRESS);
  await expect(widget.getByTestId('selected-address')).toHaveText(MEASURED_ADDRESS);
  await check?.('step 2');

  await recordMeasuring(page);
  await widget.getByRole('button', { name: 'Measure Roof' }).click();
  const dialog = page.getByRole('dialog', { name: 'Measurement Complete!' });
  // The sequence alone takes 5.5 s.
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const { states, dialogAt } = await readMeasuring(page);
  expect(states.map((state) => state.status)).toEqual(MEASURING_TEXTS);
  expect(states.map((state) => state.percent)).toEqual(['0%', '20%', '40%', '60%', '80%', '100%']);
  // One step a second, the dialog 0.5 s after 100 %. The exact timers are unit-tested on fake
  // time. Here a busy test machine may paint any step late (which shortens the gap after it, and
  // can stretch the whole), so the browser only proves the sequence is paced, not instant.
  const span = states.at(-1)!.at - states[0]!.at;
  expect(span).toBeGreaterThan(3_500);
  expect(dialogAt).toBeGreaterThan(states.at(-1)!.at);
  const area = Number(
    (await dialog.getByTestId('measured-area').textContent())?.replace(/\D/g, ''),
  );
  // No Solar key on test machines: the area is simulated before the stories are known.
  await expect(dialog).toContainText(SIMULATED_AREA_NOTE);
  await check?.('measurement dialog');
  await continueButton(dialog).click();

  await expect(widget.getByText('Step 3 of 6')).toBeVisible();
  await expect(stepHeading(widget, 'Are you the homeowner?')).toBeVisible();
  await expect(continueButton(widget)).toBeDisabled();
  await widget.getByRole('radio', { name: OWNERSHIP_LABELS[answers.ownership] }).check();
  await check?.('step 3');
  await continueButton(widget).click();

  await expect(stepHeading(widget, 'Select your roofing material')).toBeVisible();
  await expect(continueButton(widget)).toBeDisabled();
  const materialName = new RegExp(`^${MATERIAL_LABELS[answers.material]}`);
  const material = widget.getByRole('radio', { name: materialName });
  if (priceCaption) {
    const option = widget
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: materialName }) });
    await expect(option).toContainText(priceCaption);
  }
  await material.check();
  await check?.('step 4');
  await continueButton(widget).click();

  await expect(stepHeading(widget, 'How many stories is your home?')).toBeVisible();
  await expect(continueButton(widget)).toBeDisabled();
  await widget.getByRole('radio', { name: STORIES_LABELS[answers.stories] }).check();
  await check?.('step 5');
  await continueButton(widget).click();

  await expect(widget.getByText('Step 6 of 6')).toBeVisible();
  await expect(stepHeading(widget, 'Your Estimated Cost')).toBeVisible();
  await check?.('step 6');
  return { widget, area };
}

interface MeasuringLog {
  states: { status: string; percent: string; at: number }[];
  dialogAt: number;
}

/**
 * Records in the page every state of the measuring overlay (status text and percentage) and
 * when the result dialog appears, with their times, so the sequence is checked exactly.
 */
async function recordMeasuring(page: Page) {
  await page.evaluate(() => {
    const log: MeasuringLog = { states: [], dialogAt: 0 };
    (window as unknown as { __measuring: MeasuringLog }).__measuring = log;
    const observer = new MutationObserver(() => {
      const at = performance.now();
      const status = document.querySelector('[data-testid="measuring-status"]')?.textContent;
      const percent = document.querySelector('[data-testid="measuring-percent"]')?.textContent;
      const last = log.states.at(-1);
      if (status && percent && (last?.status !== status || last.percent !== percent)) {
        log.states.push({ status, percent, at });
      }
      if (!log.dialogAt && document.querySelector('[data-testid="measured-area"]')) {
        log.dialogAt = at;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const readMeasuring = (page: Page) =>
  page.evaluate(() => (window as unknown as { __measuring: MeasuringLog }).__measuring);

/** Low, Average and High as shown. */
async function shownEstimate(widget: Locator) {
  return widget.getByRole('definition').allTextContents();
}

/**
 * Low, Average and High equal the roof area × low price, midpoint and high price, the area
 * being the server's simulation for the chosen stories and material (no Solar key in tests).
 */
async function expectEstimate(widget: Locator, answers: Answers, price: PriceRange) {
  const pricedArea = simulateRoofArea({ address: MEASURED_ADDRESS, zipCode: ZIP, ...answers });
  const estimate = {
    low: Math.round(pricedArea * price.min),
    mid: Math.round((pricedArea * (price.min + price.max)) / 2),
    high: Math.round(pricedArea * price.max),
  };
  expect(await shownEstimate(widget)).toEqual([
    formatUsd(estimate.low),
    formatUsd(estimate.mid),
    formatUsd(estimate.high),
  ]);
  expect(estimate).toEqual(computeEstimate(pricedArea, price));
  return { pricedArea, estimate };
}

/** Opens the quote dialog, fills it in and submits it; resolves with the API's answer. */
async function requestQuote(page: Page, widget: Locator, firstName: string, endpoint: string) {
  await widget.getByRole('button', { name: 'Get Exact Quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get Your Exact Quote' });
  await fillQuote(dialog, firstName);
  const answered = page.waitForResponse(`**${endpoint}`);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const response = await answered;
  expect(response.status()).toBe(201);
  await expect(dialog.getByRole('status')).toContainText('Thank you!');
  return { dialog, response };
}

async function fillQuote(dialog: Locator, firstName: string) {
  await dialog.getByRole('textbox', { name: 'First Name' }).fill(firstName);
  await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Homeowner');
  await dialog
    .getByRole('textbox', { name: 'Email' })
    .fill(`${firstName.toLowerCase()}@example.com`);
  await dialog.getByRole('textbox', { name: 'Phone Number' }).fill('(512) 555-0142');
}

test.describe('estimator widget', () => {
  test('owner flow: zip, typed address, measurement, answers, estimate from the owner prices, quote', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await goOffline(page);
    const ownerId = await ownerIdOf(page.request);
    await page.goto(`/widget?ownerId=${ownerId}&color=%2316a34a`);

    const widget = page.getByRole('region', { name: 'Roof replacement estimate' });
    await expect(widget).toBeVisible();
    // Without internet the map cannot load; the address still measures as typed.
    const answers: Answers = { ownership: 'owner', material: 'asphalt', stories: 'two' };
    const walk = walkToEstimate(page, {
      answers,
      priceCaption: '$3.90 - $6.25 per sq ft',
      check: async (where) => {
        if (where === 'step 2') {
          await expect(widget.getByRole('alert')).toContainText('Map Error');
          await expect(widget.getByRole('alert')).toContainText(KEYLESS_MAP_LOAD_ERROR);
          await expect(widget.getByRole('alert')).not.toContainText('Google');
        }
      },
    });
    const { area } = await walk;

    // No Solar key on test machines: the server simulated one story, no material bonus.
    expect(area).toBe(simulateRoofArea({ address: MEASURED_ADDRESS, zipCode: ZIP }));
    const { pricedArea, estimate } = await expectEstimate(widget, answers, DEMO_ASPHALT);
    await expect(widget.getByTestId('estimate-basis')).toHaveText(
      `${pricedArea.toLocaleString('en-US')} sq ft · Asphalt shingles · 2 stories`,
    );
    // The measured figure assumed one story; step 6 says why its area is smaller.
    expect(pricedArea).toBeLessThan(area);
    await expect(widget.getByTestId('roof-area-adjustment')).toHaveText(
      `Adjusted for a two-story home: ${pricedArea.toLocaleString('en-US')} sq ft (the ` +
        `${area.toLocaleString('en-US')} sq ft measured assumed one story).`,
    );

    // Back goes one step down, and forward again keeps the answers.
    await widget.getByRole('button', { name: 'Back' }).click();
    await expect(stepHeading(widget, 'How many stories is your home?')).toBeVisible();
    await expect(widget.getByRole('radio', { name: STORIES_LABELS.two })).toBeChecked();
    await continueButton(widget).click();

    await widget.getByRole('button', { name: 'Get Exact Quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get Your Exact Quote' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('First name is required')).toBeVisible();
    await expect(dialog.getByText('Phone number is required')).toBeVisible();

    await fillQuote(dialog, 'Olivia');
    const captured = page.waitForResponse('**/api/capture-lead');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const response = await captured;
    const answeredAt = Date.now();
    expect(response.status()).toBe(201);
    const sent = response.request().postDataJSON() as {
      ownerId: string;
      source: string;
      website: string;
      formToken: string;
      lead: Record<string, unknown>;
    };
    expect(sent).toMatchObject({
      ownerId,
      source: 'widget',
      website: '',
      lead: { address: MEASURED_ADDRESS, zipCode: ZIP, roofArea: pricedArea, stories: 'two' },
    });
    // The form token the widget fetched as it opened, for this calculator: issued before the
    // 5.5 s measurement, at least.
    const claims = JSON.parse(
      Buffer.from(sent.formToken.split('.')[1]!, 'base64url').toString('utf8'),
    ) as { o: string; s: number };
    expect(claims.o).toBe(ownerId);
    expect(claims.s).toBeLessThan(answeredAt - 5_500);
    // The server priced the lead itself, and agrees with what the homeowner saw.
    const receipt = (await response.json()) as {
      roofArea: number;
      estimate: { low: number; mid: number; high: number };
    };
    expect(receipt.estimate).toEqual(estimate);
    // The contractor's lead stores the area the homeowner saw on step 6.
    expect(receipt.roofArea).toBe(pricedArea);

    // The thanks stay up, then the dialog closes by itself. The 3 s delay is unit-tested on fake
    // time: this process hears of the answer later than the page does, by however long a busy
    // machine takes, so its clock cannot time the page's delay.
    await expect(dialog.getByRole('status')).toContainText('Thank you!');
    await expect(dialog).toBeHidden();
    await expect(widget.getByText(/Your quote request has been sent/)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Your Estimate is Ready!' })).toHaveCount(0);

    expect(errors).toEqual([]);
  });

  // axe on every state of the widget, in two halves so neither journey runs long on a busy machine.
  for (const [part, checked] of AXE_HALVES) {
    test(`on a desktop ${part} pass axe`, async ({ page }) => {
      await goOffline(page);
      await page.goto(`/widget?ownerId=${await ownerIdOf(page.request)}&color=%2316a34a`);
      const { widget } = await walkToEstimate(page, {
        answers: { ownership: 'owner', material: 'asphalt', stories: 'two' },
        check: async (where) => {
          if (checked(where)) await expectAccessible(page, where);
        },
      });
      if (!checked('quote dialog')) return;
      await widget.getByRole('button', { name: 'Get Exact Quote' }).click();
      const dialog = page.getByRole('dialog', { name: 'Get Your Exact Quote' });
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(dialog.getByText('First name is required')).toBeVisible();
      await expectAccessible(page, 'quote dialog with errors', { within: dialog });
    });
  }

  test('main-site flow: default prices, then the estimate-ready modal asks to sign up', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await goOffline(page);
    await page.addInitScript(() => {
      const seen = { showSignup: 0 };
      (window as unknown as { __signup: typeof seen }).__signup = seen;
      window.addEventListener('showSignup', () => (seen.showSignup += 1));
    });
    await page.goto('/widget');

    const answers: Answers = { ownership: 'considering', material: 'metal', stories: 'three' };
    const { widget } = await walkToEstimate(page, {
      answers,
      priceCaption: '$6.00 - $24.50 per sq ft',
    });
    const { estimate } = await expectEstimate(widget, answers, DEFAULT_MATERIAL_PRICING.metal);

    const { dialog } = await requestQuote(page, widget, 'Mason', '/api/main-site-leads');

    const modal = page.getByRole('dialog', { name: 'Your Estimate is Ready!' });
    await expect(modal).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(modal.getByTestId('ready-estimate-range')).toHaveText(
      formatEstimateRange(estimate),
    );
    await expect(modal).toContainText('Estimated replacement cost');
    await expect(modal).toContainText(
      'Get this exact calculator for your website • $97/month • No setup fees',
    );
    await expect(modal.getByRole('button', { name: 'Maybe Later' })).toBeVisible();
    await expectAccessible(page, 'estimate-ready modal', { within: modal });

    await modal.getByRole('button', { name: 'Start My Rafter Account' }).click();
    await expect(modal).toBeHidden();
    expect(
      await page.evaluate(
        () => (window as unknown as { __signup: { showSignup: number } }).__signup.showSignup,
      ),
    ).toBe(1);
    // The app-wide event opens the sign-up dialog; the homeowner closes it.
    const signUp = page.getByRole('dialog', { name: 'Sign Up' });
    // The dialog's code loads on first use; a busy machine can take longer than the default.
    await expect(signUp).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect(signUp).toBeHidden();

    // The quote form was reset for the next request.
    await widget.getByRole('button', { name: 'Get Exact Quote' }).click();
    await expect(dialog.getByRole('textbox', { name: 'First Name' })).toHaveValue('');

    expect(errors).toEqual([]);
  });

  for (const [part, checked] of AXE_HALVES) {
    test(`on a 375 px phone ${part} fit without sideways scrolling and pass axe`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await goOffline(page);
      await page.goto('/widget?color=%23b45309');

      const check = async (where: string) => {
        if (!checked(where)) return;
        await expectNoSidewaysScroll(page, where);
        await expectAccessible(page, `${where} at 375 px`);
      };
      const { widget } = await walkToEstimate(page, {
        answers: { ownership: 'other', material: 'slate', stories: 'one' },
        check,
      });
      if (!checked('quote dialog')) return;
      await widget.getByRole('button', { name: 'Get Exact Quote' }).click();
      const dialog = page.getByRole('dialog', { name: 'Get Your Exact Quote' });
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(dialog.getByText('Email is required')).toBeVisible();
      await check('quote dialog');
    });
  }

  test('keyless map and suggestions: a chosen suggestion moves the marker, which can be dragged', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const config = (await (await page.request.get('/api/public-config')).json()) as {
      googleMapsApiKey: string | null;
      mapTileUrl: string;
      mapStreetsTileUrl: string | null;
      geocoderUrl: string | null;
    };
    test.skip(config.googleMapsApiKey !== null, 'The keyless map is used without a Google key');
    expect(config.geocoderUrl).not.toBeNull();
    expect(config.mapStreetsTileUrl).not.toBeNull();

    const tileOrigin = new URL(config.mapTileUrl.replace(/\{[a-z]\}/g, '0')).origin;
    const streetsOrigin = new URL(config.mapStreetsTileUrl!.replace(/\{[a-z]\}/g, '0')).origin;
    expect(streetsOrigin).not.toBe(tileOrigin);
    const geocoderOrigin = new URL(config.geocoderUrl!).origin;
    const geocoderQueries: URL[] = [];
    // Routes added later are tried first: the fixtures, then everything else offline.
    await goOffline(page);
    for (const origin of [tileOrigin, streetsOrigin]) {
      await page.route(`${origin}/**`, (route) =>
        route.fulfill({ contentType: 'image/png', body: ONE_PIXEL_PNG }),
      );
    }
    await page.route(`${geocoderOrigin}/**`, (route) => {
      const url = new URL(route.request().url());
      geocoderQueries.push(url);
      return route.fulfill({ json: photonAnswer(url.searchParams.get('q') ?? '') });
    });
    await page.goto('/widget');

    const widget = page.getByRole('region', { name: 'Roof replacement estimate' });
    await widget.getByRole('textbox', { name: 'Zip Code' }).fill(ZIP);
    await continueButton(widget).click();

    const marker = widget.getByRole('button', { name: 'Roof marker' });
    await expect(marker).toBeVisible();
    await expect(marker).toHaveAttribute('title', 'Drag to position marker on your roof');
    expect(await marker.boundingBox()).toMatchObject({ width: 40, height: 40 });
    await expect(widget.getByText('Loading map...')).toBeHidden();
    await expect(widget.getByText('Map Error')).toHaveCount(0);

    // Map type: satellite first; streets swaps the tiles and the attribution, and back again.
    const tiles = (origin: string) => widget.locator(`img.leaflet-tile[src^="${origin}/"]`);
    const mapType = widget.getByRole('radiogroup', { name: 'Map type' });
    const satellite = mapType.getByRole('radio', { name: 'Satellite' });
    const streets = mapType.getByRole('radio', { name: 'Streets' });
    await expect(satellite).toBeChecked();
    await expect(tiles(tileOrigin).first()).toBeAttached();
    await streets.check();
    await expect(streets).toBeChecked();
    await expect(tiles(streetsOrigin).first()).toBeAttached();
    await expect(tiles(tileOrigin)).toHaveCount(0);
    await expect(widget.locator('.leaflet-control-attribution')).toContainText('OpenStreetMap');
    await expect(widget.getByText('Map Error')).toHaveCount(0);
    await satellite.check();
    await expect(tiles(tileOrigin).first()).toBeAttached();
    await expect(tiles(streetsOrigin)).toHaveCount(0);
    await expect(widget.locator('.leaflet-control-attribution')).toContainText('Esri');

    const input = widget.getByRole('combobox', { name: 'Property address' });
    await input.pressSequentially('11', { delay: 30 });
    await page.waitForTimeout(600);
    await expect(widget.getByRole('listbox')).toHaveCount(0);
    await input.pressSequentially('00 Congress', { delay: 30 });
    const options = widget.getByRole('option');
    await expect(options).toHaveCount(5);
    await expect(options.first()).toHaveText('1100 Congress Avenue, Austin, TX 78701, USA');
    await expect(widget.getByRole('listbox')).not.toContainText('Toronto');
    const suggest = geocoderQueries.find((url) => url.searchParams.get('q')?.startsWith('110'));
    expect(suggest?.searchParams.get('limit')).toBe('5');
    expect(suggest?.searchParams.get('lang')).toBe('en');

    await options.nth(1).click();
    await expect(input).toHaveValue('1102 Congress Avenue, Austin, TX 78701, USA');
    await expect(widget.getByTestId('selected-address')).toHaveText(
      '1102 Congress Avenue, Austin, TX 78701, USA',
    );
    await expect(widget.getByRole('listbox')).toHaveCount(0);
    await expectAccessible(page, 'step 2 with the map');

    const box = (await marker.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 30);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + 70, { steps: 8 });
    await page.mouse.up();

    const measured = page.waitForRequest('**/api/roof-measurement');
    await widget.getByRole('button', { name: 'Measure Roof' }).click();
    const body = (await measured).postDataJSON() as {
      address: string;
      latitude: number;
      longitude: number;
    };
    expect(body.address).toBe('1102 Congress Avenue, Austin, TX 78701, USA');
    // Dragged south-east of the chosen house (30.2715, -97.7431).
    expect(body.latitude).toBeLessThan(30.2715);
    expect(body.longitude).toBeGreaterThan(-97.7431);
    await expect(page.getByRole('dialog', { name: 'Measurement Complete!' })).toBeVisible({
      timeout: 20_000,
    });

    expect(errors).toEqual([]);
  });
});

test.describe('roof inspection booking (docs/calendar.md)', () => {
  test('a homeowner books after the quote request; the contractor sees it in the Calendar tab, the timeline and the feed, which rotates; the e-mail’s links move and cancel once', async ({
    page,
    browser,
  }, testInfo) => {
    const errors = collectPageErrors(page);
    await goOffline(page);
    const ownerId = await ownerIdOf(page.request);
    await page.goto(`/widget?ownerId=${ownerId}`);
    const widget = page.getByRole('region', { name: 'Roof replacement estimate' });
    await walkToEstimate(page, {
      answers: { ownership: 'owner', material: 'metal', stories: 'one' },
    });
    // A name of its own, so a retry against the same contractor finds this booking alone.
    const firstName = `Bianca${Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
    const { dialog, response } = await requestQuote(page, widget, firstName, '/api/capture-lead');
    const { id: leadId } = (await response.json()) as { id: string };
    await expect(dialog).toBeHidden({ timeout: 20_000 });

    const panel = page.getByRole('region', { name: 'Book a free roof inspection' });
    await expect(panel).toBeVisible();
    const days = panel.getByRole('group', { name: 'Day' });
    await days.getByRole('button').nth(1).click();
    const times = panel.getByRole('group', { name: /^Times on / });
    // Two hours apart on each repeat or retry: runs side by side must not race for one slot (or
    // its buffer).
    const chosen = times.getByRole('button').nth(4 * (testInfo.repeatEachIndex + testInfo.retry));
    await chosen.click();
    await expect(chosen).toHaveAttribute('aria-pressed', 'true');
    const booked = page.waitForResponse('**/api/booking');
    await panel.getByRole('button', { name: 'Book inspection' }).click();
    const booking = (await (await booked).json()) as { startsAt: string };
    await expect(panel.getByRole('status')).toContainText('Your inspection is booked');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSidewaysScroll(page, 'the booked inspection on a phone');
    await expectAccessible(page, 'the booking panel', { within: panel });
    expect(errors).toEqual([]);

    // The contractor, in another browser session.
    const context = await browser.newContext();
    const dashboard = await context.newPage();
    const demo = await signIn(
      dashboard,
      'demo@rafter.app',
      'rafter-demo',
      '/dashboard?tab=calendar',
    );
    const row = dashboard.getByTestId('inspection').filter({ hasText: `${firstName} Homeowner` });
    await expect(row).toBeVisible();
    await expect(row.getByRole('link', { name: /Congress Ave/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\//,
    );
    const detail = await demo.api<{ status: string; timeline: { type: string }[] }>(
      'GET',
      `/api/leads/${leadId}`,
    );
    expect(detail.status).toBe('contacted');
    expect(detail.timeline.map((entry) => entry.type)).toContain('inspection_booked');

    // The link fills in when its request answers, which may come after the inspections'.
    const feedField = dashboard.getByRole('textbox', { name: 'Feed link' });
    await expect(feedField).toHaveValue(/\/api\/calendar\/feed\/cal_[A-Za-z0-9_-]+\.ics$/);
    const feedUrl = await feedField.inputValue();
    const feed = await dashboard.request.get(new URL(feedUrl).pathname);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    const events = Object.values(ical.sync.parseICS(await feed.text())).filter(
      (entry) => entry?.type === 'VEVENT',
    ) as VEvent[];
    const event = events.find((candidate) => String(candidate.summary).includes(firstName));
    expect(new Date(event!.start).toISOString()).toBe(booking.startsAt);

    // A new feed link: the old one stops answering at once.
    await dashboard.getByRole('button', { name: 'Get a new link' }).click();
    const rotate = dashboard.getByRole('dialog', { name: 'Get a new feed link?' });
    await rotate.getByRole('button', { name: 'Get a new link' }).click();
    await expect(dashboard.getByRole('textbox', { name: 'Feed link' })).not.toHaveValue(feedUrl);
    expect((await dashboard.request.get(new URL(feedUrl).pathname)).status()).toBe(404);
    await context.close();

    // The homeowner's confirmation e-mail: its link moves the inspection once, and the page's
    // new link cancels it once.
    const email = `${firstName.toLowerCase()}@example.com`;
    let confirmation: SinkMessage | undefined;
    await expect
      .poll(
        async () =>
          (confirmation = (await messagesTo(email)).find((mail) =>
            / is booked$/.test(mail.subject),
          )),
        { timeout: 30_000 },
      )
      .toBeDefined();
    const manage = linkIn(confirmation!, /\/api\/booking\/page\?token=m\./);
    await page.goto(manage);
    await expect(page.getByRole('heading', { name: 'Your roof inspection' })).toBeVisible();
    await page
      .getByRole('button', { name: /^\d{1,2}:\d{2} [AP]M$/ })
      .nth(6 + 4 * (testInfo.repeatEachIndex + testInfo.retry))
      .click();
    await expect(
      page.getByRole('heading', { name: 'Your inspection has a new time' }),
    ).toBeVisible();
    const again = await page.getByRole('link', { name: 'Change it again' }).getAttribute('href');
    await page.goto(manage);
    await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await page.goto(again!);
    await page.getByRole('button', { name: 'Cancel inspection' }).click();
    await expect(page.getByRole('heading', { name: 'Your inspection is cancelled' })).toBeVisible();
    await page.goto(again!);
    await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  });
});

test.describe('share page', () => {
  test("shows the contractor's page and a working calculator in owner mode", async ({ page }) => {
    const errors = collectPageErrors(page);
    await goOffline(page);
    await page.goto(`/calc/${DEMO_SLUG}`);

    await expect(
      page.getByRole('heading', { level: 1, name: 'Get Your Instant Roof Estimate' }),
    ).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(DEMO_BUSINESS);
    await expect(
      page.getByRole('heading', { level: 2, name: `Why Choose ${DEMO_BUSINESS}` }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'At a glance' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(DEMO_BUSINESS);
    await expectAccessible(page, 'share page');

    const answers: Answers = { ownership: 'owner', material: 'asphalt', stories: 'one' };
    const { widget, area } = await walkToEstimate(page, {
      answers,
      priceCaption: '$3.90 - $6.25 per sq ft',
    });
    const { pricedArea } = await expectEstimate(widget, answers, DEMO_ASPHALT);
    // One story and asphalt: the measured area is the priced one, with nothing to explain.
    expect(pricedArea).toBe(area);
    await expect(widget.getByTestId('estimate-basis')).toHaveText(
      `${area.toLocaleString('en-US')} sq ft · Asphalt shingles · 1 story`,
    );
    await expect(widget.getByTestId('roof-area-adjustment')).toHaveCount(0);

    const { response } = await requestQuote(page, widget, 'Sofia', '/api/capture-lead');
    expect(response.request().postDataJSON()).toMatchObject({ source: 'share_page' });
    expect(((await response.json()) as { roofArea: number }).roofArea).toBe(area);

    expect(errors).toEqual([]);
  });

  test('the share page fits a 375 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await goOffline(page);
    await page.goto(`/calc/${DEMO_SLUG}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Get Your Instant Roof Estimate' }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page, 'share page');
    await expectAccessible(page, 'share page at 375 px');
  });

  test('an unknown slug shows Calculator Not Found with a way home', async ({ page }) => {
    const response = await page.goto('/calc/no-such-calculator-4242');
    expect(response?.status()).toBe(200);

    await expect(
      page.getByRole('heading', { level: 1, name: 'Calculator Not Found' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Calculator link not found or inactive');
    await expectAccessible(page, 'calculator not found');

    await page.getByRole('link', { name: 'Go to home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

/** A 1×1 PNG: every satellite tile. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaGj4DwAFhAKAkuyRaQAAAABJRU5ErkJggg==',
  'base64',
);

/** Photon's answer: six houses on Congress Avenue and one in Canada, in Photon's format. */
function photonAnswer(query: string) {
  const house = (number: number, lat: number, lng: number) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [lng, lat] },
    properties: {
      osm_type: 'N',
      osm_id: 9000 + number,
      housenumber: String(number),
      street: 'Congress Avenue',
      city: 'Austin',
      state: 'Texas',
      postcode: ZIP,
      country: 'United States',
      countrycode: 'US',
      type: 'house',
    },
  });
  const canadian = {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [-79.38, 43.65] },
    properties: {
      housenumber: '1100',
      street: 'Congress Street',
      city: 'Toronto',
      country: 'Canada',
      countrycode: 'CA',
    },
  };
  if (query === ZIP) {
    return {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-97.7431, 30.2702] },
          properties: { postcode: ZIP, countrycode: 'US', type: 'postcode' },
        },
      ],
    };
  }
  return {
    type: 'FeatureCollection',
    features: [
      canadian,
      ...Array.from({ length: 6 }, (_, index) =>
        house(1100 + index * 2, 30.2712 + index * 0.0003, -97.7431),
      ),
    ],
  };
}
