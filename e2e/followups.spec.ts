import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './test';
import { expectAccessible, expectNoSidewaysScroll } from './accessibility';
import { signIn } from './contractor';
import { uniqueEmail, waitForMail } from './mailbox';
import { ownerIdOf, sendQuote } from './quote';

// The homeowner's instant estimate e-mail (docs/followups.md) as a mail client shows it: the HTML
// the worker delivered over SMTP, at a phone's width and a desktop reading pane's.

const DEMO = { email: 'demo@rafter.app', password: 'rafter-demo', slug: 'sunny-roof-1042' };

/** A quote request for the seeded Smart contractor from `homeowner`, through the API. */
async function requestQuote(request: APIRequestContext, homeowner: string): Promise<void> {
  await sendQuote(request, await ownerIdOf(request), {
    firstName: 'Maria',
    lastName: 'Garcia',
    email: homeowner,
    stories: 'two',
    roofArea: 2150,
    estimateLow: 7310,
    estimateMid: 9853,
    estimateHigh: 12_793,
  });
}

test("the homeowner's estimate e-mail fits a phone and a desktop pane, estimate in view", async ({
  page,
  request,
}, testInfo) => {
  const homeowner = uniqueEmail('estimate-mail');
  await requestQuote(request, homeowner);

  const mail = await waitForMail(homeowner);
  expect(mail.subject).toMatch(/^Your roof estimate from /);
  // The amounts as the server stored them, from the text part; the HTML must show the same.
  const amounts = ['Low', 'Average', 'High'].map(
    (label) => new RegExp(`^${label}: (\\$[\\d,]+)$`, 'm').exec(mail.text)?.[1],
  );
  expect(amounts.every(Boolean), mail.text).toBe(true);

  for (const width of [375, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.setContent(mail.html, { waitUntil: 'load' });
    await expectNoSidewaysScroll(page, `the estimate e-mail at ${width} px`);
    for (const amount of amounts) {
      const shown = page.getByText(amount!, { exact: true });
      await expect(shown).toBeVisible();
      // Each amount is whole inside the window, not cut off at its edge.
      const box = (await shown.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await expect(page.getByText('What happens next')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Unsubscribe' })).toBeVisible();
    const path = testInfo.outputPath(`estimate-email-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`estimate e-mail at ${width} px`, { path, contentType: 'image/png' });
  }
  await expectAccessible(page, 'the estimate e-mail');
});

test("a follow-up step's e-mail fits a phone and a desktop pane, in the contractor's layout", async ({
  page,
  request,
}, testInfo) => {
  // The default sequence's day-2 e-mail, a few seconds after the request (FOLLOW_UP_DAY_MS).
  const homeowner = uniqueEmail('follow-up-mail');
  await requestQuote(request, homeowner);
  const mail = await waitForMail(homeowner, 2);
  expect(mail.subject).toBe('Any questions about your roof estimate, Maria?');
  expect(mail.text).toContain('Hi Maria');

  for (const width of [375, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.setContent(mail.html, { waitUntil: 'load' });
    await expectNoSidewaysScroll(page, `the follow-up e-mail at ${width} px`);
    await expect(page.getByText('Hi Maria', { exact: false }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Unsubscribe' })).toBeVisible();
    const path = testInfo.outputPath(`follow-up-email-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`follow-up e-mail at ${width} px`, { path, contentType: 'image/png' });
  }
  await expectAccessible(page, 'the follow-up e-mail');
});

test('Business Profile: the Follow-ups section saves the phone shown to homeowners', async ({
  page,
}) => {
  // The demo contractor is on Smart. The e-mail stays on: other specs send it quotes.
  const demo = await signIn(page, DEMO.email, DEMO.password, '/dashboard?tab=profile');
  const section = page.getByRole('region', { name: 'Follow-ups' });
  const toggle = section.getByRole('switch', { name: 'E-mail homeowners their estimate' });
  await expect(toggle).toBeChecked();
  await expectAccessible(page, 'the Follow-ups section', { within: section });
  const phone = section.getByRole('textbox', { name: 'Phone number for homeowners' });
  await phone.fill('512 555 0177');
  await section.getByRole('button', { name: 'Save follow-ups' }).click();
  await expect(section.getByRole('status')).toHaveText('Saved');
  await expect(phone).toHaveValue('(512) 555-0177');
  expect(await demo.api('GET', '/api/followups/settings')).toEqual({
    estimateEmail: true,
    phone: '5125550177',
  });
});
