import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * Until React has taken over a prerendered page (`/`, `/widget`, `/calc/:slug`), its buttons are
 * painted HTML without handlers: a click then does nothing, as it would for a person tapping
 * before the scripts arrive (e2e/first-screen.spec.ts covers that moment on purpose). Specs that
 * test what happens after the first screen import `test` from here: each `goto` and `reload`
 * resolves once React listens on the page, after which React replays a click on a section still
 * hydrating. Pages that are not prerendered resolve at once.
 */
async function untilReactListens(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root?.hasAttribute('data-prerendered')) return true;
    return Object.keys(root).some((key) => key.startsWith('_reactListening'));
  });
}

/** True once React has taken over the page's #root (hydrateRoot marks the container). */
export function reactListens(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('_reactListening'));
  });
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await untilReactListens(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await untilReactListens(page);
      return response;
    };
    await use(page);
  },
});
