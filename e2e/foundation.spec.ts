import { expect, test, type Page } from './test';

/** Fails the test on any console error or uncaught exception on the page. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const heroHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: /Instant roof-replacement estimates/ });

test('the landing page shows the hero, the steps and the pricing without console errors', async ({
  page,
}) => {
  const errors = collectPageErrors(page);

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);

  await expect(heroHeading(page)).toBeVisible();
  await expect(page).toHaveTitle(/Rafter/);
  await expect(page.getByRole('note', { name: 'Promotion' })).toContainText('QUOTE20');

  await expect(
    page.getByRole('region', { name: /4 steps/ }).getByRole('heading', { level: 3 }),
  ).toHaveText(['Sign Up', 'Embed on Your Site', 'Leads Flow In', 'Close More Deals']);

  const pricing = page.getByRole('region', { name: 'Simple month-to-month pricing' });
  await expect(pricing.getByRole('article')).toHaveCount(3);
  await expect(pricing.getByRole('article', { name: 'Smart Estimator' })).toContainText(
    'Most Popular',
  );

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Pricing' })
    .click();
  await expect(page).toHaveURL(/#pricing$/);
  await expect(pricing.getByRole('heading', { level: 2 })).toBeInViewport();

  expect(errors).toEqual([]);
});

for (const { path, title, sections } of [
  { path: '/terms', title: 'Terms of Service', sections: 15 },
  { path: '/privacy', title: 'Privacy Policy', sections: 14 },
]) {
  test(`${path} shows the ${title} and its back buttons go home`, async ({ page }) => {
    const errors = collectPageErrors(page);

    const response = await page.goto(path);
    expect(response?.status()).toBe(200);

    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · Rafter`);
    await expect(page.getByRole('heading', { level: 2, name: /^\d+\. / })).toHaveCount(sections);

    const backButtons = page.getByRole('link', { name: 'Back to home' });
    await expect(backButtons).toHaveCount(2);

    await backButtons.first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(heroHeading(page)).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await backButtons.last().click();
    await expect(heroHeading(page)).toBeVisible();

    expect(errors).toEqual([]);
  });
}

test('the footer links reach the legal pages', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Footer' });

  await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute(
    'href',
    'mailto:hello@rafter.app',
  );
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page).toHaveURL(/\/privacy$/);
});

test('the refund terms link opens /terms at the refunds section', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'See the refund terms' }).click();

  await expect(page).toHaveURL(/\/terms#refunds$/);
  await expect(
    page.getByRole('heading', { level: 2, name: '6. Money-back guarantee and refunds' }),
  ).toBeInViewport();
});

test('a new page opens at the top, and back returns to the same place', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await footer.scrollIntoViewIfNeeded();
  const scrollY = () => page.evaluate(() => window.scrollY);
  const footerPosition = await scrollY();
  expect(footerPosition).toBeGreaterThan(1000);

  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInViewport();
  expect(await scrollY()).toBe(0);

  await page.goBack();
  await expect(heroHeading(page)).toBeAttached();
  await expect.poll(scrollY).toBeCloseTo(footerPosition, -1);
});

test('an unknown path answers 404 and shows the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page');

  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Rafter');

  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(heroHeading(page)).toBeVisible();
});

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const path of ['/', '/terms', '/privacy', '/no-such-page']) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(375);
    });
  }
});

test('the API documentation renders under the content security policy', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') blocked.push(message.text());
  });
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: /Rafter API/ })).toBeVisible();
  await expect(page.getByText('/api/health').first()).toBeVisible();
  expect(blocked).toEqual([]);
});
