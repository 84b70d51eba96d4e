import { expect, frameReactListens, hydrated, test, type Page } from './test';
import { MATERIAL_LABELS } from '@rafter/domain/materials';
import { OWNERSHIP_LABELS, STORIES_LABELS } from '@rafter/domain/property';
import { startContractorSite, type ContractorSite } from './fixtures/contractor-site';

// The third-party embed: a contractor's page on another origin pastes the snippet, embed.js
// mounts the widget in an iframe that resizes to its content, and a homeowner completes a
// quote inside the frame that reaches the contractor (POST /api/capture-lead).

const DEMO_SLUG = 'sunny-roof-1042';
const IFRAME = 'iframe[title="Roof replacement estimate"]';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

test('/embed.js is a small script any site may load', async ({ request }) => {
  const response = await request.get('/embed.js');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
  expect(response.headers()['cache-control']).toBe('public, max-age=300');
  expect(response.headers()['cross-origin-resource-policy']).toBe('cross-origin');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  const body = await response.text();
  expect(body.length).toBeLessThan(16_000);
  expect(body).not.toMatch(/\bimport\b|\bexport\b/);
});

interface Box {
  at: number;
  containerHeight: number;
  footerTop: number;
}

interface EmbedProbe {
  inserted: Box | null;
  firstResize: (Box & { reported: number }) | null;
}

/**
 * Records, on the host page only, the container's box and the footer's position when the
 * iframe is inserted and when the widget's first `rafter:resize` message arrives (this listener
 * is registered before embed.js's own, so it sees the page as it was before the resize).
 */
async function installProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window.top !== window) return;
    const probe: EmbedProbe = { inserted: null, firstResize: null };
    (window as unknown as { __embedProbe: EmbedProbe }).__embedProbe = probe;
    const measure = (): Box => {
      const container = document.querySelector('#rafter-estimator')!.getBoundingClientRect();
      const footer = document.querySelector('#site-footer')!.getBoundingClientRect();
      return {
        at: performance.now(),
        containerHeight: container.height,
        footerTop: footer.top + window.scrollY,
      };
    };
    const observer = new MutationObserver(() => {
      if (!document.querySelector('#rafter-estimator iframe')) return;
      probe.inserted = measure();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
    window.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (probe.firstResize || data?.type !== 'rafter:resize') return;
      probe.firstResize = { ...measure(), reported: Number(data.height) };
    });
  });
}

const readProbe = (page: Page) =>
  page.evaluate(() => (window as unknown as { __embedProbe: EmbedProbe }).__embedProbe);

/** Console errors and uncaught exceptions of the host page (not of the widget's own frame). */
function collectHostErrors(page: Page, siteUrl: string): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    const from = message.location().url;
    const host = from.startsWith(siteUrl) || from.endsWith('/embed.js');
    if (message.type() === 'error' && (host || message.text().includes('[Rafter embed]'))) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('embedded on a contractor site on another origin', () => {
  let rafterOrigin: string;
  let ownerId: string;
  let site: ContractorSite;

  test.beforeAll(async () => {
    rafterOrigin = new URL(String(test.info().project.use.baseURL)).origin;
    const response = await fetch(`${rafterOrigin}/api/get-shareable-link?slug=${DEMO_SLUG}`);
    expect(response.status, 'the demo contractor is seeded').toBe(200);
    const body = (await response.json()) as { linkData: { user_id: string } };
    ownerId = body.linkData.user_id;
    expect(ownerId).toMatch(UUID);
    site = await startContractorSite({ rafterHost: rafterOrigin, ownerId });
    expect(new URL(site.url).origin).not.toBe(rafterOrigin);
  });

  test.afterAll(async () => {
    await site?.close();
  });

  test('a contractor site on another origin embeds the widget, which resizes to its content', async ({
    page,
  }) => {
    const errors = collectHostErrors(page, site.url);
    await installProbe(page);
    await page.goto(site.url);

    const iframe = page.locator(IFRAME);
    await expect(iframe).toHaveCount(1);
    // The host page's origin goes along, for the contractor's analytics by site (issue 25).
    await expect(iframe).toHaveAttribute(
      'src',
      `${rafterOrigin}/widget?ownerId=${ownerId}&color=%2316a34a&embed=1` +
        `&origin=${encodeURIComponent(new URL(site.url).origin)}`,
    );
    await expect(iframe).toHaveAttribute('loading', 'lazy');
    await expect(page.locator('#rafter-estimator')).toHaveAttribute('data-rafter-embed', 'mounted');

    // The widget loads inside the frame and reports its height.
    const widget = page.frameLocator(IFRAME);
    await expect(widget.getByText('Step 1 of 6')).toBeVisible();
    await expect.poll(async () => (await readProbe(page)).firstResize).not.toBeNull();

    // No layout shift: the snippet's container reserved 600 px before the script ran, the frame
    // was inserted at that height, and the widget's first size report (its first step fits in
    // the reserve) left the page where it was.
    const { inserted, firstResize } = await readProbe(page);
    expect(inserted?.containerHeight).toBe(600);
    expect(firstResize?.containerHeight).toBe(600);
    expect(firstResize?.footerTop).toBe(inserted?.footerTop);
    expect(firstResize!.reported).toBeLessThanOrEqual(600);
    await page.waitForTimeout(500);
    expect((await iframe.boundingBox())?.height).toBe(600);

    // After the visitor acts, the frame follows the widget's content height.
    const contentHeight = () =>
      widget.locator('body').evaluate((body) => Math.ceil(body.getBoundingClientRect().height));
    await widget.getByRole('textbox', { name: 'Zip Code' }).fill('78701');
    await widget.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(async () => (await iframe.boundingBox())?.height).toBeGreaterThan(600);
    await expect.poll(async () => (await iframe.boundingBox())?.height).toBe(await contentHeight());

    // One script run, one frame, and nothing logged by the embed on the host page.
    await page.evaluate(() =>
      (window as unknown as { RafterEmbed: { q: unknown[] } }).RafterEmbed.q.push({
        ownerId: 'someone-else',
        selector: '#rafter-estimator',
      }),
    );
    await expect(page.locator('iframe')).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test('a homeowner completes a quote inside the embedded widget and the lead reaches the contractor', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors = collectHostErrors(page, site.url);
    await page.goto(site.url);
    const iframe = page.locator(IFRAME);
    const widget = page.frameLocator(IFRAME);
    const frameHeight = async () => (await iframe.boundingBox())?.height ?? 0;

    const continueButton = widget.getByRole('button', { name: 'Continue', exact: true });
    const stepTo = async (step: number) =>
      expect(widget.getByText(`Step ${step} of 6`)).toBeVisible();

    // 1. Zip code, once React has taken over the prerendered widget (typing before that is
    // e2e/first-screen.spec.ts's moment, not this journey's).
    await stepTo(1);
    const frame = await (await iframe.elementHandle())?.contentFrame();
    if (!frame) throw new Error('the embed has no widget frame');
    await frameReactListens(frame);
    const zipCode = widget.getByRole('textbox', { name: 'Zip Code' });
    await hydrated(zipCode);
    await zipCode.fill('78701');
    await continueButton.click();

    // 2. Address, then the measurement.
    await stepTo(2);
    await widget
      .getByRole('combobox', { name: 'Property address' })
      .fill('1100 Congress Ave, Austin, TX 78701');
    await widget.getByRole('button', { name: 'Measure Roof' }).click();
    const measured = widget.getByRole('dialog').filter({ hasText: 'Measurement Complete!' });
    await expect(measured).toBeVisible({ timeout: 20_000 });
    await measured.getByRole('button', { name: 'Continue', exact: true }).click();

    // 3-5. Ownership, material, stories.
    await stepTo(3);
    await widget.getByRole('radio', { name: OWNERSHIP_LABELS.owner }).check();
    await continueButton.click();
    await stepTo(4);
    await widget.getByRole('radio', { name: new RegExp(MATERIAL_LABELS.asphalt) }).check();
    await continueButton.click();
    await stepTo(5);
    await widget.getByRole('radio', { name: STORIES_LABELS.two }).check();
    await continueButton.click();

    // 6. The estimate, then the quote request.
    await stepTo(6);
    await expect(widget.getByText('Your Estimated Cost')).toBeVisible();
    // The frame keeps following the widget's height as the steps change, never below the reserve.
    await expect
      .poll(async () => Math.abs((await frameHeight()) - Math.max(600, await widgetBodyHeight())))
      .toBeLessThanOrEqual(1);
    await widget.getByRole('button', { name: 'Get Exact Quote' }).click();

    const form = widget.getByRole('dialog');
    await form.getByLabel('First Name').fill('Dana');
    await form.getByLabel('Last Name').fill('Whitfield');
    await form.getByLabel('Email').fill('dana.whitfield@example.com');
    await form.getByLabel('Phone Number').fill('(512) 555-0199');

    const captured = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/capture-lead') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Submit' }).click();
    const response = await captured;

    // The request came from the embed, for this contractor, with what the homeowner typed.
    const sent = response.request().postDataJSON() as {
      ownerId: string;
      source?: string;
      website?: string;
      lead: Record<string, unknown>;
    };
    expect(sent.ownerId).toBe(ownerId);
    expect(sent.source).toBe('embed');
    expect(sent.website ?? '').toBe('');
    expect(sent.lead).toMatchObject({
      firstName: 'Dana',
      lastName: 'Whitfield',
      email: 'dana.whitfield@example.com',
      zipCode: '78701',
      ownership: 'owner',
      material: 'asphalt',
      stories: 'two',
    });
    expect(String(sent.lead.address)).toContain('1100 Congress Ave');

    expect(response.status()).toBe(201);
    const body = (await response.json()) as { id: string; estimate: { low: number; high: number } };
    expect(body.id).toMatch(UUID);
    expect(body.estimate.low).toBeGreaterThan(0);
    expect(body.estimate.high).toBeGreaterThan(body.estimate.low);

    await expect(form.getByRole('status')).toContainText('Thank you!');
    await expect(form.getByRole('status')).toContainText('Your quote request has been sent.');
    expect(errors).toEqual([]);

    async function widgetBodyHeight(): Promise<number> {
      return widget.locator('body').evaluate((body) => body.getBoundingClientRect().height);
    }
  });
});
