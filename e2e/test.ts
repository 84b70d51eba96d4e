import { expect, test as base, type Frame, type Locator, type Page } from '@playwright/test';

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

/**
 * Resolves once React listens on the prerendered page in `frame` (the widget inside an embed):
 * a spec that drives the embedded widget past its first screen waits for it as `goto` does.
 */
export async function frameReactListens(frame: Frame): Promise<void> {
  await frame.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root?.hasAttribute('data-prerendered')) return true;
    return Object.keys(root).some((key) => key.startsWith('_reactListening'));
  });
}

/**
 * Resolves once React has hydrated the element `locator` points at (it carries React's props),
 * for an element in a section that hydrates later than the page (below the fold, or the widget
 * in an embed's frame).
 */
export async function hydrated(locator: Locator): Promise<void> {
  await expect
    .poll(() =>
      locator.evaluate((element) =>
        Object.keys(element).some((key) => key.startsWith('__reactProps')),
      ),
    )
    .toBe(true);
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
