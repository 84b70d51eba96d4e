import { expect, test, type Page } from './test';
import { expectAccessible, expectNoSidewaysScroll } from './accessibility';
import { contractorOnPlan } from './contractor';

// The Integrations tab against the real api, on a 375 px phone: a Smart contractor creates an
// API key, copies it (shown once), uses it on the public API, and revokes it; a Starter
// contractor is offered the upgrade instead.

test.use({ viewport: { width: 375, height: 740 } });

const bar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

test('a Smart contractor creates a key, uses it on /api/v1 and revokes it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await contractorOnPlan(page, 'Smart Estimator');
  await bar(page).getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=integrations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  await expect(page.getByLabel('TypeScript (@rafter/client)', { exact: true })).toContainText(
    "import { createRafterClient } from '@rafter/client';",
  );
  await expectAccessible(page, 'the Integrations tab on a phone');
  await expectNoSidewaysScroll(page, 'the Integrations tab on a phone');

  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('CRM sync');
  await expectAccessible(page, 'the create-key dialog on a phone');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
  const field = shown.getByRole('textbox', { name: /API key/ });
  await expect(field).toHaveValue(/^rft_test_[A-Za-z0-9_-]{43}$/);
  const key = await field.inputValue();
  await shown.getByRole('button', { name: 'Copy key' }).click();
  await expect(shown.getByText('The key is on your clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  // 'Test this key': the browser calls GET /api/v1/account with the key through @rafter/client.
  await shown.getByRole('button', { name: 'Test this key' }).click();
  const tested = shown.getByRole('status', { name: 'Key test result' });
  await expect(tested).toContainText('The key works');
  await expect(tested).toContainText('on the Smart Estimator plan');
  await expectNoSidewaysScroll(page, 'the new key on a phone');
  await shown.getByRole('button', { name: 'Done' }).click();

  const list = page.getByRole('list', { name: 'API keys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText(`${key.slice(0, 17)}…`)).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);

  const account = await page.request.get('/api/v1/account', {
    headers: { Authorization: `Bearer ${key}`, 'User-Agent': 'e2e-integration/1.0' },
  });
  expect(account.status()).toBe(200);
  await page.reload();
  await expect(list.getByText(/Last used .* by e2e-integration\/1\.0/)).toBeVisible();

  await list.getByRole('button', { name: 'Revoke CRM sync' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke “CRM sync”?' })
    .getByRole('button', { name: 'Revoke key' })
    .click();
  await expect(list.getByText(/Revoked/)).toBeVisible();
  const refused = await page.request.get('/api/v1/account', {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(refused.status()).toBe(401);
  expect(refused.headers()['content-type']).toContain('application/problem+json');
});

test('below Smart the tab explains the feature and offers the upgrade', async ({ page }) => {
  await contractorOnPlan(page, 'Starter Estimator');
  await bar(page).getByRole('link', { name: 'Integrations' }).click();
  await expect(
    page.getByRole('heading', { name: /Zapier\/API and webhooks come with the Smart Estimator/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create API key' })).toHaveCount(0);
  await expectAccessible(page, 'the locked Integrations tab on a phone');
  await page.getByRole('link', { name: 'Upgrade to Smart Estimator' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=subscription$/);
});

test('/developers renders the public API reference under the CSP, without errors', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  const response = await page.goto('/developers');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: /Rafter public API/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Quick start/ })).toBeVisible();
  // Redoc shows one operation at a time, addressed by the fragment.
  await page.goto('/developers#/leads/listleads');
  await expect(page.getByRole('heading', { name: /List leads/ }).first()).toBeVisible();
  expect(problems.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([]);
  await expectNoSidewaysScroll(page, 'the API reference on a phone');
});
