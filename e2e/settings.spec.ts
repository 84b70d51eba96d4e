import { expect, test, type Page } from './test';
import type { MaterialPricing } from '@rafter/domain/materials';
import { LOGO_ERRORS, type MaterialPricingView, type ShareLinkView } from '@rafter/domain/settings';
import { LOGO_HINT, LOGO_LOCKED_TEXT } from '../frontend/src/features/profile/profile-constants';
import { expectAccessible, expectNoSidewaysScroll } from './accessibility';
import { contractorOnPlan, signIn } from './contractor';

// The Calculator and Business Profile tabs against the real api: autosaves reach the preview
// and the public share page, locks follow the plan, and logos are checked twice (browser and
// server).

const DEMO = { email: 'demo@rafter.app', password: 'rafter-demo', slug: 'sunny-roof-1042' };
const NEW_COLOR = '#8b5cf6';
/** Picked by a contractor who has no share link yet. */
const PICKED_COLOR = '#ef4444';
// Buttons take the brand colour darkened until white text on it is readable (brand-theme.tsx).
const NEW_COLOR_BUTTON = 'rgb(132, 87, 233)';
// Tile: the other spec files quote the demo contractor with asphalt only.
const NEW_TILE = { min: 11.5, max: 19 };
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const region = (page: Page, name: string) => page.getByRole('region', { name });
const priceInput = (page: Page, material: string, bound: 'Min' | 'Max') =>
  region(page, 'Material Pricing')
    .getByRole('group', { name: material })
    .getByLabel(`${bound} $ per sq ft`);

async function openTab(page: Page, name: string, heading: string) {
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .first()
    .getByRole('link', { name })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The estimator's primary button once a zip code is typed: it takes the brand colour. */
async function continueButton(page: Page, path: string) {
  await page.goto(path);
  const widget = page.getByRole('region', { name: 'Roof replacement estimate' });
  await widget.getByRole('textbox', { name: 'Zip Code' }).fill('78701');
  return widget.getByRole('button', { name: 'Continue', exact: true });
}

test('Smart: colour and prices autosave, then the preview and the share page use them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const demo = await signIn(page, DEMO.email, DEMO.password);
  const before = {
    pricing: (await demo.api<MaterialPricingView>('GET', '/api/material-pricing')).pricing,
    color: (await demo.api<{ link: ShareLinkView }>('GET', '/api/share-link')).link.brandColor,
  };
  try {
    await openTab(page, 'Calculator', 'Calculator Embed');
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    const preview = page.getByTitle('Live Preview');
    await expect(preview).toHaveAttribute('src', `/widget?ownerId=${demo.id}&color=%2316a34a`);
    await expect(
      region(page, 'Embed Code').getByRole('button', { name: 'Copy Share Link' }),
    ).toBeVisible();
    await expectAccessible(page, 'the Calculator tab on Smart');

    // Colour: saved 500 ms after the click, then the preview reloads with it.
    const colorSaved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/share-link/brand-color') &&
        response.request().method() === 'PUT',
    );
    await region(page, 'Branding')
      .getByRole('button', { name: `Preset colour ${NEW_COLOR}` })
      .click();
    expect((await colorSaved).status()).toBe(200);
    await expect(region(page, 'Branding').getByRole('status')).toHaveText('All changes saved');
    await expect(preview).toHaveAttribute(
      'src',
      `/widget?ownerId=${demo.id}&color=${encodeURIComponent(NEW_COLOR)}`,
    );
    const previewWidget = page
      .frameLocator('iframe[title="Live Preview"]')
      .getByRole('region', { name: 'Roof replacement estimate' });
    await expect(previewWidget).toBeVisible();

    // Prices: saved 1 s after the last change, then the preview reloads and the widget's public
    // pricing call answers the saved prices.
    const previewReloaded = page.waitForEvent(
      'framenavigated',
      (frame) => frame !== page.mainFrame() && frame.url().includes(`/widget?ownerId=${demo.id}`),
    );
    const pricingSaved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/material-pricing') && response.request().method() === 'PUT',
    );
    await priceInput(page, 'Tile', 'Min').fill(String(NEW_TILE.min));
    await priceInput(page, 'Tile', 'Max').fill(String(NEW_TILE.max));
    const saved = await pricingSaved;
    expect(((await saved.json()) as MaterialPricingView).pricing.tile).toEqual(NEW_TILE);
    await expect(region(page, 'Material Pricing').getByRole('status')).toHaveText(
      'All changes saved',
    );
    await previewReloaded;
    const widgetPricing = await page.request.get(`/api/get-material-pricing?ownerId=${demo.id}`);
    expect(JSON.stringify(await widgetPricing.json())).toContain(`"min":${NEW_TILE.min}`);

    // A refused price keeps the edit and shows the server's reason.
    await priceInput(page, 'Tile', 'Min').fill('25');
    await expect(region(page, 'Material Pricing').getByRole('alert')).toContainText(
      'Minimum price for Tile must not be above its maximum',
    );
    await expect(priceInput(page, 'Tile', 'Min')).toHaveValue('25');
    await priceInput(page, 'Tile', 'Min').fill(String(NEW_TILE.min));
    await expect(region(page, 'Material Pricing').getByRole('status')).toHaveText(
      'All changes saved',
    );

    // The public share page uses the saved colour and prices at once.
    const shareLink = page.waitForResponse(`**/api/get-shareable-link?slug=${DEMO.slug}`);
    const sharedContinue = await continueButton(page, `/calc/${DEMO.slug}`);
    // The button's colour eases in when it becomes enabled.
    await expect(sharedContinue).toHaveCSS('background-color', NEW_COLOR_BUTTON);
    const shared = (await (await shareLink).json()) as {
      linkData: { brand_color: string };
      materialPricing: MaterialPricing;
    };
    expect(shared.linkData.brand_color).toBe(NEW_COLOR);
    expect(JSON.stringify(shared.materialPricing)).toContain(`"min":${NEW_TILE.min}`);
  } finally {
    await demo.api('PUT', '/api/material-pricing', { pricing: before.pricing });
    await demo.api('PUT', '/api/share-link/brand-color', { brandColor: before.color });
  }
});

test('Smart before a share link: the picked colour shows everywhere, survives a tab switch and a reload, and the new link saves it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const contractor = await contractorOnPlan(page, 'Smart Estimator');
  await openTab(page, 'Calculator', 'Calculator Embed');
  const branding = region(page, 'Branding');
  const embed = region(page, 'Embed Code');
  const hex = branding.getByLabel('Hex colour');
  const preview = page.getByTitle('Live Preview');
  const previewSrc = `/widget?ownerId=${contractor.id}&color=${encodeURIComponent(PICKED_COLOR)}`;
  await expect(embed.getByRole('button', { name: 'Create Share Link' })).toBeVisible();

  await branding.getByRole('button', { name: `Preset colour ${PICKED_COLOR}` }).click();
  const expectPicked = async () => {
    await expect(hex).toHaveValue(PICKED_COLOR);
    await expect(embed.getByLabel('Embed snippet')).toContainText(`"color":"${PICKED_COLOR}"`);
    await expect(preview).toHaveAttribute('src', previewSrc);
  };
  await expectPicked();

  await openTab(page, 'Business Profile', 'Business Profile');
  await openTab(page, 'Calculator', 'Calculator Embed');
  await expectPicked();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Calculator Embed' })).toBeVisible();
  await expectPicked();

  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/share-link') && response.request().method() === 'POST',
  );
  await embed.getByRole('button', { name: 'Create Share Link' }).click();
  const response = await created;
  expect(response.request().postDataJSON()).toEqual({ brandColor: PICKED_COLOR });
  const link = (await response.json()) as ShareLinkView;
  expect(link.brandColor).toBe(PICKED_COLOR);
  await expect(embed.getByRole('button', { name: 'Copy Share Link' })).toBeVisible();
  await expectPicked();
  expect(
    (await contractor.api<{ link: ShareLinkView }>('GET', '/api/share-link')).link.brandColor,
  ).toBe(PICKED_COLOR);

  const shareLink = page.waitForResponse(`**/api/get-shareable-link?slug=${link.slug}`);
  await page.goto(`/calc/${link.slug}`);
  expect(
    ((await (await shareLink).json()) as { linkData: { brand_color: string } }).linkData
      .brand_color,
  ).toBe(PICKED_COLOR);
});

test('Starter: branding, pricing, share link and logo are locked, and the dialog names the plan', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const contractor = await contractorOnPlan(page, 'Starter Estimator');
  await openTab(page, 'Calculator', 'Calculator Embed');
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByTitle('Live Preview')).toHaveAttribute(
    'src',
    `/widget?ownerId=${contractor.id}&color=%2316a34a`,
  );
  await expect(region(page, 'Embed Code').getByLabel('Embed snippet')).toContainText(
    `"ownerId":"${contractor.id}"`,
  );
  await expectAccessible(page, 'the Calculator tab on Starter');

  for (const card of ['Branding', 'Material Pricing']) {
    await region(page, card)
      .getByRole('button', { name: 'Locked - Click to upgrade to Smart Estimator' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade Required' });
    await expect(dialog).toContainText('available on the Smart Estimator plan or higher');
    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(dialog).toBeHidden();
  }
  await region(page, 'Embed Code').getByRole('button', { name: 'Create Share Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade Required' });
  await expect(dialog).toContainText('Shareable link is available on the Smart Estimator plan');
  await dialog.getByRole('button', { name: 'Maybe Later' }).click();
  expect(await contractor.api<{ link: null }>('GET', '/api/share-link')).toEqual({ link: null });

  await openTab(page, 'Business Profile', 'Business Profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('button', { name: LOGO_LOCKED_TEXT }).click();
  await expect(page.getByRole('dialog', { name: 'Upgrade Required' })).toContainText(
    'Custom logo is available on the Instant Estimator plan.',
  );
  await page.getByRole('button', { name: 'Upgrade Now' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=subscription$/);
});

test('Instant: a PNG logo reaches the share page; an oversized file and HTML named .png are refused', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const contractor = await contractorOnPlan(page, 'Instant Estimator');

  await openTab(page, 'Calculator', 'Calculator Embed');
  await region(page, 'Embed Code').getByRole('button', { name: 'Create Share Link' }).click();
  await expect(
    region(page, 'Embed Code').getByRole('button', { name: 'Copy Share Link' }),
  ).toBeVisible();
  const { link } = await contractor.api<{ link: ShareLinkView }>('GET', '/api/share-link');

  await openTab(page, 'Business Profile', 'Business Profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const form = page.getByRole('form', { name: 'Business profile' });
  await expect(form.getByText(LOGO_HINT)).toBeVisible();
  const file = form.locator('input[type=file]');

  // Over 2 MB: refused in the browser, before any upload.
  await file.setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(3 * 1024 * 1024, 1),
  });
  await expect(form.getByRole('alert')).toHaveText(LOGO_ERRORS.tooLarge);

  // HTML named .png passes the browser's type check; the server reads the bytes and refuses.
  await file.setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  });
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Error saving')).toBeVisible();
  await expect(form.getByRole('alert')).toHaveText(LOGO_ERRORS.notImage);

  await form.getByLabel('Business Name').fill('Ridgeline Roofing');
  await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const logo = page.getByRole('img', { name: 'Business logo' });
  await expect(logo).toHaveAttribute(
    'src',
    new RegExp(`/${contractor.id}/logo-\\d+-[0-9a-f]{8}\\.png$`),
  );
  const logoUrl = (await logo.getAttribute('src'))!;
  await expectAccessible(page, 'the Business Profile tab');

  await page.goto(`/calc/${link.slug}`);
  const shared = page.getByRole('img', { name: 'Ridgeline Roofing logo' });
  await expect(shared).toHaveAttribute('src', logoUrl);
  await expect
    .poll(() => shared.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(1);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the bottom bar holds all nine tabs; Analytics, Calculator, Business Profile and Calendar fit the screen', async ({
    page,
  }) => {
    await signIn(page, DEMO.email, DEMO.password);
    const bar = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(bar).toHaveCount(1);
    await expect(bar.getByRole('link')).toHaveText([
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
    // Nine links side by side: each inside the screen and wider than a 24 px touch target.
    for (const link of await bar.getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(box.width).toBeGreaterThanOrEqual(24);
    }

    await bar.getByRole('link', { name: 'Analytics' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=analytics$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the Analytics tab on a phone');

    await bar.getByRole('link', { name: 'Calculator' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=calculator$/);
    await expect(page.getByTitle('Live Preview')).toBeVisible();
    await expectAccessible(page, 'the Calculator tab on a phone');
    await expectNoSidewaysScroll(page, 'the Calculator tab on a phone');

    await bar.getByRole('link', { name: 'Business Profile' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('form', { name: 'Business profile' })).toBeVisible();
    await expectAccessible(page, 'the Business Profile form on a phone');
    await expectNoSidewaysScroll(page, 'the Business Profile form on a phone');

    await bar.getByRole('link', { name: 'Calendar' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=calendar$/);
    await expect(page.getByRole('form', { name: 'Availability' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Feed link' })).toHaveValue(/\.ics$/);
    await expectAccessible(page, 'the Calendar tab on a phone');
    await expectNoSidewaysScroll(page, 'the Calendar tab on a phone');
  });
});
