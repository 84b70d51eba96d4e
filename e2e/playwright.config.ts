import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH, playwrightArgs } from './chromium.cjs';

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * Browser tests against the built product (`npm run build` first; `npm run test:e2e` does both),
 * in Debian's Chromium: Playwright's own browser downloads are not available on our machines.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Ceilings for a busy 2-core machine running the product beside the browsers, not budgets:
  // every wait is for a state, so a fast machine never waits them out. The slowest test took 50 s
  // with the machine at load 25 (other test runs beside this one); journeys that are longer by
  // nature (the estimator's 5.5 s measurement, paying, uploads) set their own. On a machine of
  // this kind where touching fresh memory cost 13 µs a page (1 GiB in 3.5 s, 2026-11-30) the
  // suite took 18 min instead of 5.4, its slowest default-timeout test 45 s, and a dashboard
  // tab's first heading came after more than 10 s: hence 20 s for a state to show.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  // One browser per core; the product under test (api, worker, PostgreSQL, Redis) shares them.
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: '../test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed test keeps its trace: every action with the page's DOM before and after it, the
    // network and the console, and a screenshot of the page as it failed. Not the trace's
    // screencast: recording it makes the browser encode every frame it draws as a JPEG and send
    // it to the runner, in every test, kept or not; on a 2-CPU host that took a third of the
    // browser tests' CPU time (docs/performance.md, twenty-eighth run).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: playwrightArgs() },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node e2e/serve.mjs',
    cwd: '..',
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
});
