import { expect, test } from '@playwright/test';
import { playwrightArgs, UNUSED_BROWSER_FEATURES } from './chromium.cjs';

/**
 * The browser the tests and benchmarks start (e2e/chromium.cjs): no browser UI loads beside the
 * page under test, and Playwright's own disabled features are still disabled, since Chromium
 * reads only the last `--disable-features` switch.
 */
test('the browser under test loads no browser UI pages and keeps Playwright’s disabled features', async ({
  browser,
  page,
}) => {
  await page.setContent('<p>Page under test</p>');
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets');
  expect(
    targetInfos.map((target) => target.url).filter((url) => url.startsWith('chrome:')),
  ).toEqual([]);

  const switches = playwrightArgs().filter((arg) => arg.startsWith('--disable-features='));
  expect(switches).toHaveLength(1);
  const disabled = switches[0]!.slice('--disable-features='.length).split(',');
  // Two of the features Playwright disables for its own reasons (playwright-core's launcher).
  expect(disabled).toEqual(expect.arrayContaining(['PaintHolding', 'HttpsUpgrades']));
  expect(disabled).toEqual(expect.arrayContaining([...UNUSED_BROWSER_FEATURES]));
});
