import { expect, hydrated, test, type Locator, type Page } from './test';
import { MATERIAL_LABELS } from '@rafter/domain/materials';
import { OWNERSHIP_LABELS, STORIES_LABELS } from '@rafter/domain/property';
import { expectAccessible, expectNoSidewaysScroll } from './accessibility';

// The public landing page against the built product: the header's in-page links, plan buttons,
// the live demo calculator in the main-site flow, what the first load downloads, and axe-core on
// a desktop and a 375 px phone. Test machines have no internet: everything that is not the
// product itself is cut off, as in e2e/estimator.spec.ts.

const DEMO_ZIP = '78701';
const DEMO_ADDRESS = '1100 Congress Ave, Austin, TX';

async function goOffline(page: Page) {
  await page.route(/^https?:\/\/(?!localhost[:/])/, (route) => route.abort('internetdisconnected'));
}

/** Counts `demo-interacted` window events from the first script on. */
async function countDemoInteractions(page: Page) {
  await page.addInitScript(() => {
    const seen = { count: 0 };
    (window as unknown as { __demo: typeof seen }).__demo = seen;
    window.addEventListener('demo-interacted', () => (seen.count += 1));
  });
  return () =>
    page.evaluate(() => (window as unknown as { __demo: { count: number } }).__demo.count);
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const header = (page: Page) => page.getByRole('banner');
/** Under 768 px the section links and account buttons sit behind this button. */
const menuButton = (page: Page) => header(page).getByRole('button', { name: 'Menu' });

const SECTION_LINKS = [
  { link: 'Features', section: 'Everything you need to win more roofing jobs' },
  { link: 'Pricing', section: 'Simple month-to-month pricing' },
  { link: 'Live Demo', section: 'Try the calculator your customers will use' },
];

/** Every section is rendered (the ones below the hero follow it) once the footer is there. */
async function openLanding(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Footer' })).toBeAttached();
}

/** The heading is on screen and not under the sticky promo banner and header. */
async function expectHeadingClearOfHeader(page: Page, heading: Locator) {
  await expect(heading).toBeInViewport();
  await expect
    .poll(async () => {
      const bar = await header(page).boundingBox();
      const box = await heading.boundingBox();
      return bar && box ? box.y - (bar.y + bar.height) : -1;
    })
    .toBeGreaterThanOrEqual(0);
}

test.describe('landing page', () => {
  for (const { link, section } of SECTION_LINKS) {
    test(`the header's ${link} link scrolls its section into view below the sticky header`, async ({
      page,
    }) => {
      await openLanding(page);
      const region = page.getByRole('region', { name: section });
      await expect(region.getByRole('heading', { level: 2, name: section })).not.toBeInViewport();

      await mainNav(page).getByRole('link', { name: link }).click();

      const id = await region.getAttribute('id');
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expectHeadingClearOfHeader(
        page,
        region.getByRole('heading', { level: 2, name: section }),
      );
      // The promo banner stays on top while scrolling.
      await expect(page.getByRole('note', { name: 'Promotion' })).toBeInViewport();
    });
  }

  test('opened at /#demo, the page starts at the demo section', async ({ page }) => {
    await page.goto('/#demo');
    const title = 'Try the calculator your customers will use';
    await expectHeadingClearOfHeader(page, page.getByRole('heading', { level: 2, name: title }));
  });

  test('a plan button opens sign-up with the plan stored', async ({ page }) => {
    await openLanding(page);
    const pricing = page.getByRole('region', { name: 'Simple month-to-month pricing' });
    await expect(pricing.getByRole('list', { name: 'Included with every plan' })).toContainText(
      '14-day money-back guarantee',
    );

    // The pricing section hydrates as it nears the screen (clicking it before then is
    // e2e/first-screen.spec.ts's moment).
    const choose = pricing.getByRole('button', { name: 'Choose Smart Estimator' });
    await choose.scrollIntoViewIfNeeded();
    await hydrated(choose);
    await choose.click();

    // The dialog's code loads on first use; a busy machine can take longer than the default.
    await expect(page.getByRole('dialog', { name: 'Sign Up' })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('selectedPlan'))).toBe('smart');
  });

  test('the first load leaves out the calculator, the auth dialog, the dashboard and the maps', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'load' });
    await expect(page.getByRole('navigation', { name: 'Footer' })).toBeAttached();

    expect(scripts.length).toBeGreaterThan(0);
    const heavy = /(Estimator|AuthDialog|Dashboard|LeadsTab|LeadCharts|RoofMap|Leaflet)/;
    expect(scripts.filter((path) => heavy.test(path))).toEqual([]);

    // Scrolling towards the demo fetches the calculator.
    const calculator = page.waitForRequest((request) => /Estimator/.test(request.url()));
    await page
      .getByRole('region', { name: 'Try the calculator your customers will use' })
      .scrollIntoViewIfNeeded();
    await calculator;
  });

  test('the live demo runs the main-site flow to an estimate in the demo colour, announcing the first interaction once', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await goOffline(page);
    const interactions = await countDemoInteractions(page);
    await openLanding(page);

    await mainNav(page).getByRole('link', { name: 'Live Demo' }).click();
    const demo = page.getByRole('region', { name: 'Try the calculator your customers will use' });
    const widget = demo.getByRole('region', { name: 'Roof replacement estimate' });
    await expect(widget.getByText('Step 1 of 6')).toBeVisible({ timeout: 30_000 });
    expect(await interactions()).toBe(0);

    // The demo colour #10b981 fills the progress bar; buttons use its shade that keeps white text
    // readable (4.5:1), as every brand colour does in the estimator.
    await expect(widget.getByTestId('estimator-progress-fill')).toHaveCSS(
      'background-color',
      'rgb(16, 185, 129)',
    );
    const next = widget.getByRole('button', { name: 'Continue', exact: true });

    await widget.getByRole('textbox', { name: 'Zip Code' }).fill(DEMO_ZIP);
    await expect(next).toHaveCSS('background-color', 'rgb(11, 129, 90)');
    await next.click();

    await widget.getByRole('combobox', { name: 'Property address' }).fill(DEMO_ADDRESS);
    await expect(widget.getByTestId('selected-address')).toHaveText(`${DEMO_ADDRESS} ${DEMO_ZIP}`);
    await widget.getByRole('button', { name: 'Measure Roof' }).click();
    const measured = page.getByRole('dialog', { name: 'Measurement Complete!' });
    await expect(measured).toBeVisible({ timeout: 30_000 });
    await measured.getByRole('button', { name: 'Continue', exact: true }).click();

    await widget.getByRole('radio', { name: OWNERSHIP_LABELS.owner }).check();
    await next.click();
    await widget.getByRole('radio', { name: new RegExp(`^${MATERIAL_LABELS.metal}`) }).check();
    await next.click();
    await widget.getByRole('radio', { name: STORIES_LABELS.two }).check();
    await next.click();

    await expect(widget.getByText('Step 6 of 6')).toBeVisible();
    await expect(
      widget.getByRole('heading', { level: 2, name: 'Your Estimated Cost', exact: true }),
    ).toBeVisible();
    const amounts = await widget.getByRole('definition').allTextContents();
    expect(amounts).toHaveLength(3);
    for (const amount of amounts) expect(amount).toMatch(/^\$\d{1,3}(,\d{3})+$/);
    await expect(widget.getByRole('button', { name: 'Get Exact Quote' })).toBeVisible();

    expect(await interactions()).toBe(1);
  });

  test('passes axe on a desktop, with the demo loaded', async ({ page }) => {
    await goOffline(page);
    await openLanding(page);
    await page
      .getByRole('region', { name: 'Try the calculator your customers will use' })
      .scrollIntoViewIfNeeded();
    await expect(page.getByRole('region', { name: 'Roof replacement estimate' })).toBeVisible({
      timeout: 30_000,
    });
    await expectAccessible(page, '/ on a desktop');
  });

  test.describe('at 375 px wide', () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test('fits without sideways scrolling and passes axe', async ({ page }) => {
      await goOffline(page);
      await openLanding(page);
      await expect(page.getByRole('note', { name: 'Promotion' })).toBeVisible();
      await expect(menuButton(page)).toBeVisible();
      await expectNoSidewaysScroll(page, '/ at 375 px');

      await page
        .getByRole('region', { name: 'Try the calculator your customers will use' })
        .scrollIntoViewIfNeeded();
      await expect(page.getByRole('region', { name: 'Roof replacement estimate' })).toBeVisible({
        timeout: 30_000,
      });
      await expectNoSidewaysScroll(page, '/ at 375 px with the demo');
      await expectAccessible(page, '/ at 375 px');

      // The promo banner and header stay on top of a long page.
      await page.getByRole('navigation', { name: 'Footer' }).scrollIntoViewIfNeeded();
      await expect(page.getByRole('note', { name: 'Promotion' })).toBeInViewport();
    });

    test('a menu button lists the section links and the account buttons; Escape closes it', async ({
      page,
    }) => {
      await goOffline(page);
      await openLanding(page);
      const button = menuButton(page);
      await expect(mainNav(page)).toBeHidden();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      const menu = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
      await expect(menu).toBeHidden();

      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(menu).toBeVisible();
      await expect(mainNav(page).getByRole('link')).toHaveText([
        'Features',
        'Pricing',
        'Live Demo',
      ]);
      await expect(menu.getByRole('button', { name: 'Sign In' })).toBeVisible();
      await expect(menu.getByRole('button', { name: 'Get Started' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'the open menu at 375 px');
      await expectAccessible(page, 'the open menu at 375 px');

      // Keyboard: Escape closes the menu and gives focus back to its button.
      await page.keyboard.press('Tab');
      await expect(mainNav(page).getByRole('link', { name: 'Features' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();

      // A tap on the page below it closes it too.
      await button.click();
      await expect(menu).toBeVisible();
      const viewport = page.viewportSize()!;
      await page.mouse.click(viewport.width / 2, viewport.height - 40);
      await expect(menu).toBeHidden();

      // The account buttons work from the menu, and closing their dialog returns to it.
      await button.click();
      await menu.getByRole('button', { name: 'Sign In' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign In' });
      // The dialog's code loads on first use; a busy machine can take longer than the default.
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      await dialog.getByLabel('Email').click();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(menu.getByRole('button', { name: 'Sign In' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
    });

    for (const { link, section } of SECTION_LINKS) {
      test(`the menu's ${link} link lands its section below the sticky header and closes the menu`, async ({
        page,
      }) => {
        await goOffline(page);
        await openLanding(page);
        const region = page.getByRole('region', { name: section });
        await menuButton(page).click();
        await mainNav(page).getByRole('link', { name: link }).click();

        await expect(page).toHaveURL(new RegExp(`#${await region.getAttribute('id')}$`));
        await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
        await expect(mainNav(page)).toBeHidden();
        await expectHeadingClearOfHeader(
          page,
          region.getByRole('heading', { level: 2, name: section }),
        );
      });
    }
  });

  test('the menu takes over below 768 px exactly: links at 768, the menu button at 767', async ({
    page,
  }) => {
    await goOffline(page);
    await page.setViewportSize({ width: 768, height: 900 });
    await openLanding(page);
    await expect(mainNav(page).getByRole('link')).toHaveText(['Features', 'Pricing', 'Live Demo']);
    await expect(menuButton(page)).toBeHidden();

    await page.setViewportSize({ width: 767, height: 900 });
    await expect(menuButton(page)).toBeVisible();
    await expect(mainNav(page)).toBeHidden();
    await expectNoSidewaysScroll(page, '/ at 767 px');
  });
});
