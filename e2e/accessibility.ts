import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

let scopes = 0;

/**
 * No serious or critical axe-core violation on the page as it is now, or only inside `within`
 * (an open dialog or panel: the page behind it has its own check, and axe on a whole landing
 * page takes seconds a busy machine does not have for every state).
 */
export async function expectAccessible(
  page: Page,
  where: string,
  options: { within?: Locator } = {},
) {
  // Colours are only final once dialogs have faded in (spinners loop forever: not those).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  let axe = new AxeBuilder({ page });
  if (options.within) {
    // axe takes CSS selectors: mark the element so one selector finds exactly it.
    const scope = `axe-scope-${++scopes}`;
    await options.within.evaluate(
      (element, id) => element.setAttribute('data-axe-scope', id),
      scope,
    );
    axe = axe.include(`[data-axe-scope="${scope}"]`);
  }
  const { violations } = await axe.analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
  expect(serious, `axe on ${where}`).toEqual([]);
}

/**
 * The page does not scroll sideways once its layout has settled: right after a resize the
 * breakpoints switch in a render that may still be on its way (a busy machine), so the width is
 * read until it fits or the expect timeout passes.
 */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      { message: `horizontal overflow on ${where}` },
    )
    .toBeLessThanOrEqual(0);
}
