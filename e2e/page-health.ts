import type { Page } from '@playwright/test';

/** Everything that is not the product itself fails like a machine without internet. */
export async function goOffline(page: Page): Promise<void> {
  await page.route(/^https?:\/\/(?!localhost[:/])/, (route) => route.abort('internetdisconnected'));
}

/**
 * Console errors and uncaught exceptions (a hydration mismatch is reported as one), except the
 * expected failures of resources refused while offline.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/net::ERR_/.test(message.text())) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
