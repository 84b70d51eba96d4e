import {
  expect,
  frameReactListens,
  hydrated,
  reactListens,
  test,
  type FrameLocator,
  type Locator,
  type Page,
} from './test';
import { FUNNEL_LABELS, type FunnelRow } from '@rafter/domain/funnel';
import type { AnalyticsFunnelResponse } from '@rafter/domain/analytics';
import type { LeadPage } from '@rafter/domain/crm';
import { formatUsd } from '@rafter/domain/estimate';
import { MATERIAL_LABELS } from '@rafter/domain/materials';
import { OWNERSHIP_LABELS, STORIES_LABELS } from '@rafter/domain/property';
import { contractorOnPlan, type Contractor } from './contractor';
import { startContractorSite } from './fixtures/contractor-site';

// Issue 25: homeowners' visits through a contractor's embed (with a campaign's UTM parameters on
// the host page) and share page are counted step by step without cookies, rolled up by the
// worker, and shown in the Analytics tab; Global Privacy Control sends nothing; a job sold after
// a quote request shows in estimate accuracy.

const IFRAME = 'iframe[title="Roof replacement estimate"]';
const BEACON = '/api/analytics/events';
const CAMPAIGN = 'spring-roofs';
const SOLD_PRICE = 17_250;

type Scope = Page | FrameLocator;

const stepTo = (scope: Scope, step: number) =>
  expect(scope.getByText(`Step ${step} of 6`)).toBeVisible();
const continueIn = (scope: Scope | Locator) =>
  scope.getByRole('button', { name: 'Continue', exact: true });

/** Resolves once a funnel report naming `step` (and so every step before it) was sent. */
function reported(page: Page, step: string) {
  return page.waitForRequest(
    (request) =>
      request.url().endsWith(BEACON) &&
      (JSON.parse(request.postData() ?? '{}') as { steps?: string[] }).steps?.includes(step) ===
        true,
  );
}

async function zipToAddressStep(scope: Scope) {
  const zip = scope.getByRole('textbox', { name: 'Zip Code' });
  await hydrated(zip);
  await zip.fill('78701');
  await continueIn(scope).click();
  await stepTo(scope, 2);
}

/** Step 2 onwards: measurement, the three answers, the estimate and a quote request. */
async function addressToQuote(page: Page, scope: Scope, firstName: string) {
  await scope
    .getByRole('combobox', { name: 'Property address' })
    .fill('1100 Congress Ave, Austin, TX 78701');
  await scope.getByRole('button', { name: 'Measure Roof' }).click();
  const measured = scope.getByRole('dialog').filter({ hasText: 'Measurement Complete!' });
  await expect(measured).toBeVisible({ timeout: 20_000 });
  await continueIn(measured).click();
  await stepTo(scope, 3);
  await scope.getByRole('radio', { name: OWNERSHIP_LABELS.owner }).check();
  await continueIn(scope).click();
  await stepTo(scope, 4);
  await scope.getByRole('radio', { name: new RegExp(MATERIAL_LABELS.asphalt) }).check();
  await continueIn(scope).click();
  await stepTo(scope, 5);
  await scope.getByRole('radio', { name: STORIES_LABELS.one }).check();
  await continueIn(scope).click();
  await stepTo(scope, 6);
  await scope.getByRole('button', { name: 'Get Exact Quote' }).click();
  const form = scope.getByRole('dialog');
  await form.getByLabel('First Name').fill(firstName);
  await form.getByLabel('Last Name').fill('Funnel');
  await form.getByLabel('Email').fill(`${firstName.toLowerCase()}.funnel@example.com`);
  await form.getByLabel('Phone Number').fill('(512) 555-0177');
  const quote = reported(page, 'quote');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('status')).toContainText('Thank you!');
  // The material chosen and the measured address's zip code, never the street.
  const report = (await quote).postData()!;
  expect(JSON.parse(report)).toMatchObject({ material: 'asphalt', zipCode: '78701' });
  expect(report).not.toContain('Congress');
}

/** The contractor's page with the embed, opened from a campaign's link. */
async function embedVisit(page: Page, siteUrl: string): Promise<FrameLocator> {
  await page.goto(`${siteUrl}?utm_source=google&utm_campaign=${CAMPAIGN}`);
  const frame = await (await page.locator(IFRAME).elementHandle())?.contentFrame();
  if (!frame) throw new Error('the embed has no widget frame');
  await frameReactListens(frame);
  return page.frameLocator(IFRAME);
}

/** The cells of the row whose header is `label`, as shown, once it is. */
async function rowOf(table: Locator, label: string): Promise<string[]> {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const row = table.getByRole('row', { name: new RegExp(`^${escaped}( |$)`) });
  await expect(row).toBeVisible();
  return [
    ...(await row.getByRole('rowheader').allTextContents()),
    ...(await row.getByRole('cell').allTextContents()),
  ];
}

const EXPECTED: Partial<Record<FunnelRow, number>> = {
  view: 3,
  start: 3,
  address: 3,
  measured: 2,
  ownership: 2,
  material: 2,
  stories: 2,
  estimate: 2,
  quote: 2,
  booked: 0,
};

async function funnelOf(contractor: Contractor): Promise<Record<string, number>> {
  const today = new Date().toISOString().slice(0, 10);
  const figures = await contractor.api<AnalyticsFunnelResponse>(
    'GET',
    `/api/analytics/funnel?from=${today}&to=${today}`,
  );
  return Object.fromEntries(figures.funnel.map((row) => [row.step, row.count]));
}

test('visits through the embed and the share page show as the exact funnel and breakdowns; GPC sends nothing; a sold price shows in estimate accuracy', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const contractor = await contractorOnPlan(page, 'Smart Estimator');
  const link = await contractor.api<{ slug: string }>('POST', '/api/share-link', {});
  const site = await startContractorSite({ rafterHost: baseURL!, ownerId: contractor.id });
  const siteOrigin = new URL(site.url).origin;
  try {
    // 1. From the campaign's link to the contractor's site, a homeowner gives up at step 2.
    let widget = await embedVisit(page, site.url);
    const address = reported(page, 'address');
    await zipToAddressStep(widget);
    const abandoned = await address;
    expect(JSON.parse(abandoned.postData()!)).toMatchObject({
      source: 'embed',
      origin: siteOrigin,
      utm: { source: 'google', campaign: CAMPAIGN },
      device: 'desktop',
      steps: ['view', 'start', 'address'],
    });
    expect(abandoned.headers().cookie).toBeUndefined();

    // 2. Another from the same campaign asks for a quote.
    widget = await embedVisit(page, site.url);
    await zipToAddressStep(widget);
    await addressToQuote(page, widget, 'Embry');

    // 3. One through the share page, with no campaign, asks for a quote.
    await page.goto(`/calc/${link.slug}`);
    await zipToAddressStep(page);
    await addressToQuote(page, page, 'Shari');

    // 4. With Global Privacy Control on, a visit sends nothing.
    const private_ = await browser.newPage();
    await private_.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    const beacons: string[] = [];
    private_.on('request', (request) => {
      if (request.url().endsWith(BEACON)) beacons.push(request.url());
    });
    await private_.goto(`${baseURL}/calc/${link.slug}?utm_campaign=${CAMPAIGN}`);
    await expect.poll(() => reactListens(private_)).toBe(true);
    await zipToAddressStep(private_);
    await private_.waitForTimeout(2_500);
    await private_.close();
    expect(beacons).toEqual([]);
  } finally {
    await site.close();
  }

  // The worker rolls the visits up within seconds.
  await expect.poll(() => funnelOf(contractor), { timeout: 30_000 }).toMatchObject(EXPECTED);

  await page.goto('/dashboard?tab=analytics');
  const funnel = page.getByRole('table', { name: 'Funnel by step' });
  for (const [step, count] of Object.entries(EXPECTED)) {
    expect((await rowOf(funnel, FUNNEL_LABELS[step as FunnelRow]))[1], step).toBe(String(count));
  }
  // Three visits, one lost at step 2: two thirds reach the quote request.
  expect((await rowOf(funnel, FUNNEL_LABELS.quote))[2]).toMatch(/^66\.7|^67/);

  const bySource = page.getByRole('table', { name: 'By source' });
  const embedRow = await rowOf(bySource, 'Embed');
  expect(embedRow.slice(0, 3)).toEqual(['Embed', siteOrigin, '2']);
  expect((await rowOf(bySource, 'Share page')).slice(0, 3)).toEqual(['Share page', '', '1']);
  const byCampaign = page.getByRole('table', { name: 'By campaign' });
  expect((await rowOf(byCampaign, CAMPAIGN))[1]).toBe('2');
  expect((await rowOf(byCampaign, '(no campaign)'))[1]).toBe('1');
  // Both quote requests chose asphalt shingles for a roof in 78701, every step of theirs counted
  // there; the visit lost at step 2 chose neither and is in neither table.
  const quoted = ['2', '2', '2', '2', '0'];
  const byMaterial = page.getByRole('table', { name: 'By roof material' });
  expect((await rowOf(byMaterial, MATERIAL_LABELS.asphalt)).slice(0, 6)).toEqual([
    MATERIAL_LABELS.asphalt,
    ...quoted,
  ]);
  await expect(byMaterial.getByRole('rowheader')).toHaveCount(1);
  const byZip = page.getByRole('table', { name: 'By zip code' });
  expect((await rowOf(byZip, '78701')).slice(0, 6)).toEqual(['78701', ...quoted]);
  await expect(byZip.getByRole('rowheader')).toHaveCount(1);

  // The share page's homeowner buys: Converted, with what the job sold for.
  await page.goto('/dashboard?tab=leads');
  await page.getByRole('combobox', { name: 'Status of Shari Funnel' }).selectOption('converted');
  const sold = page.getByRole('dialog', { name: 'What did you sell it for?' });
  await sold.getByRole('textbox', { name: 'Sold price' }).fill(String(SOLD_PRICE));
  await sold.getByRole('button', { name: 'Save' }).click();
  await expect(sold).toBeHidden();

  await page.goto('/dashboard?tab=analytics');
  await expect(
    page.getByRole('table', { name: 'Estimate vs sold by material' }).getByRole('row', {
      name: new RegExp(`\\$${SOLD_PRICE.toLocaleString('en-US')}`),
    }),
  ).toBeVisible();
  expect(
    (await rowOf(page.getByRole('table', { name: 'Funnel by step' }), FUNNEL_LABELS.won))[1],
  ).toBe('1');
  // The won job counts for the share page that asked for it, not for the embed.
  const wonSource = page.getByRole('table', { name: 'By source' });
  expect((await rowOf(wonSource, 'Share page'))[7]).toBe('1');
  expect((await rowOf(wonSource, 'Embed'))[7]).toBe('0');
  expect((await rowOf(page.getByRole('table', { name: 'By campaign' }), '(no campaign)'))[6]).toBe(
    '1',
  );

  // Leads and pipeline value: the two quote requests at their estimates (neither is Lost), the
  // won one at what it sold for.
  const { items } = await contractor.api<LeadPage>('GET', '/api/leads');
  expect(items).toHaveLength(2);
  const pipeline = formatUsd(items.reduce((sum, lead) => sum + lead.estimateMid, 0));
  const leads = page.getByRole('region', { name: 'Leads and pipeline value' });
  await expect(
    leads.getByRole('figure', {
      name: new RegExp(
        `^2 leads worth \\$${pipeline.slice(1)} in pipeline value from .*, 1 won for ` +
          `\\$${SOLD_PRICE.toLocaleString('en-US')}`,
      ),
    }),
  ).toBeAttached();
  await expect(leads.getByText('All from sold prices')).toBeVisible();
});
