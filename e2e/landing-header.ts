import type { Locator, Page } from '@playwright/test';

/** The landing page's breakpoint: narrower, the header's links and buttons sit in its menu. */
const MENU_BELOW_PX = 768;

/**
 * An account button of the landing page's header (Sign In, Get Started, Sign Out), opening the
 * header's menu first on a phone-sized screen.
 */
export async function headerAccountButton(page: Page, name: string): Promise<Locator> {
  const header = page.getByRole('banner');
  if ((page.viewportSize()?.width ?? MENU_BELOW_PX) < MENU_BELOW_PX) {
    const menu = header.getByRole('button', { name: 'Menu' });
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  }
  return header.getByRole('button', { name });
}
