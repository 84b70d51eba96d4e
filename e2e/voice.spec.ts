import { expect, test, type Page } from './test';
import { expectAccessible, expectNoSidewaysScroll } from './accessibility';
import { CHROMIUM_PATH, playwrightArgs } from './chromium.cjs';

/**
 * The landing page's voice assistant in Chromium. The e2e server creates calls at the local fake
 * Retell through the real retell-sdk; the page joins them with a scripted client installed
 * through the widget's test seam (window.__rafterVoiceClientFactory), since Retell's LiveKit
 * room is on the internet. Chromium's fake microphone stands in for a real one.
 */
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: playwrightArgs([
      '--use-fake-device-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ]),
  },
});

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

interface VoiceTestHooks {
  tokens: string[];
  providers: string[];
  stops: number;
  connect(): void;
  emit(event: string, ...args: unknown[]): void;
}

declare global {
  interface Window {
    __voiceTest?: VoiceTestHooks;
    __rafterVoiceClientFactory?: (provider: string) => unknown;
  }
}

/** A client that joins when the test says so, and emits whatever the test tells it to. */
async function installScriptedClient(page: Page) {
  await page.addInitScript(() => {
    const hooks: VoiceTestHooks = {
      tokens: [],
      providers: [],
      stops: 0,
      connect: () => {},
      emit: () => {},
    };
    window.__voiceTest = hooks;
    window.__rafterVoiceClientFactory = (provider) => {
      const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
      let live = false;
      const emit = (event: string, ...args: unknown[]) => {
        for (const listener of listeners.get(event) ?? []) listener(...args);
      };
      hooks.providers.push(provider);
      hooks.emit = emit;
      return {
        on(event: string, listener: (...args: never[]) => void) {
          const set = listeners.get(event) ?? new Set();
          set.add(listener as (...args: unknown[]) => void);
          listeners.set(event, set);
          return () => set.delete(listener as (...args: unknown[]) => void);
        },
        startCall({ accessToken }: { accessToken: string }) {
          hooks.tokens.push(accessToken);
          return new Promise<void>((resolve) => {
            hooks.connect = () => {
              live = true;
              emit('call_started');
              emit('agent_start_talking');
              emit('update', {
                event_type: 'update',
                transcript: [
                  { role: 'agent', content: 'Hi, this is Riley from Rafter. How can I help?' },
                ],
              });
              resolve();
            };
          });
        },
        stopCall() {
          hooks.stops += 1;
          if (!live) return;
          live = false;
          emit('call_ended');
        },
        startAudioPlayback: () => Promise.resolve(),
      } as never;
    };
  });
}

const assistantButton = (page: Page) => page.getByRole('button', { name: /Talk to Riley/ });
const panel = (page: Page) => page.getByRole('region', { name: 'Riley' });

async function openAssistant(page: Page) {
  await page.goto('/');
  await assistantButton(page).click({ timeout: 30_000 });
  await expect(panel(page)).toBeVisible();
}

test('the landing page loads its conversation with the assistant only when a visitor reaches for it', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const requested: string[] = [];
  // Scripts that carry zod (its error class's name survives minification), whatever their chunk.
  const withSchemas: string[] = [];
  const reading: Promise<void>[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return;
    reading.push(
      response.text().then((body) => {
        if (body.includes('ZodError')) withSchemas.push(new URL(response.url()).pathname);
      }),
    );
  });
  const SESSION = /\/assets\/VoiceSession-[^/]*\.js$/;
  const loaded = (chunk: RegExp) => requested.some((path) => chunk.test(path));

  await page.goto('/');
  await expect(assistantButton(page)).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  expect(loaded(SESSION)).toBe(false);
  await Promise.all(reading);
  expect(reading.length).toBeGreaterThan(5);
  expect(withSchemas).toEqual([]);

  await assistantButton(page).hover();
  await expect.poll(() => loaded(SESSION), { timeout: 30_000 }).toBe(true);
  await assistantButton(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Start Call' })).toBeEnabled();
  expect(errors).toEqual([]);
});

test('a voice call goes idle → connecting → connected → ended', async ({ page, context }) => {
  const errors = collectPageErrors(page);
  await context.grantPermissions(['microphone']);
  await installScriptedClient(page);
  await openAssistant(page);

  const demoCall = page.waitForResponse('**/api/demo-call');
  await panel(page).getByRole('button', { name: 'Start Call' }).click();
  await expect(panel(page).getByRole('button', { name: 'Connecting...' })).toBeDisabled();
  const answer = await demoCall;
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { success: boolean; access_token: string };
  expect(body.success).toBe(true);
  await expect
    .poll(() => page.evaluate(() => window.__voiceTest?.tokens ?? []))
    .toEqual([body.access_token]);
  expect(await page.evaluate(() => window.__voiceTest?.providers)).toEqual(['retell']);

  await page.evaluate(() => window.__voiceTest?.connect());
  await expect(panel(page).getByRole('status')).toContainText('Connected');
  await expect(panel(page).getByRole('status')).toContainText('Riley is speaking');
  await expect(panel(page).getByRole('log', { name: 'Conversation' })).toContainText(
    'Hi, this is Riley from Rafter.',
  );
  // Chromium's fake microphone feeds the level meter.
  await expect(panel(page).getByRole('meter', { name: 'Microphone level' })).toBeVisible();
  await expectAccessible(page, 'the voice assistant during a call', { within: panel(page) });

  await panel(page).getByRole('button', { name: 'End Call' }).click();
  await expect(panel(page)).toBeHidden();
  expect(await page.evaluate(() => window.__voiceTest?.stops)).toBe(1);

  expect(errors).toEqual([]);
});

test('the agent hanging up ends the call, and a new one can start', async ({ page, context }) => {
  const errors = collectPageErrors(page);
  await context.grantPermissions(['microphone']);
  await installScriptedClient(page);
  await openAssistant(page);

  await panel(page).getByRole('button', { name: 'Start Call' }).click();
  await expect.poll(() => page.evaluate(() => window.__voiceTest?.tokens.length)).toBe(1);
  await page.evaluate(() => window.__voiceTest?.connect());
  await expect(panel(page).getByRole('button', { name: 'End Call' })).toBeVisible();
  await page.evaluate(() => window.__voiceTest?.emit('participant_left', { identity: 'server' }));
  await expect(panel(page)).toBeHidden();
  await expect(assistantButton(page)).toBeVisible();
  await assistantButton(page).click();
  await expect(panel(page).getByRole('button', { name: 'Start Call' })).toBeEnabled();

  expect(errors).toEqual([]);
});

test('refusing the microphone shows why and starts no call', async ({ page }) => {
  const errors = collectPageErrors(page);
  await installScriptedClient(page);
  const demoCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/demo-call')) demoCalls.push(request.url());
  });
  await openAssistant(page);

  await panel(page).getByRole('button', { name: 'Start Call' }).click();

  await expect(panel(page).getByRole('alert')).toHaveText(
    'Microphone permission is required to talk to Riley',
  );
  await expect(panel(page).getByRole('button', { name: 'Start Call' })).toBeEnabled();
  expect(demoCalls).toEqual([]);
  expect(await page.evaluate(() => window.__voiceTest?.tokens)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the built-in assistant answers a typed question about the Smart plan', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await openAssistant(page);

  const question = panel(page).getByRole('textbox', { name: 'Type a question' });
  await question.fill('How much is the Smart plan?');
  await question.press('Enter');

  const log = panel(page).getByRole('log', { name: 'Conversation' });
  await expect(log).toContainText('How much is the Smart plan?');
  await expect(log).toContainText('$47');
  // The panel fits a phone.
  const box = await panel(page).boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await expectNoSidewaysScroll(page, 'the voice assistant on a phone');
  await expectAccessible(page, 'the voice assistant on a phone', { within: panel(page) });

  await question.fill('How do I get started?');
  await question.press('Enter');
  await log.getByRole('button', { name: 'Open sign-up' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign Up' })).toBeVisible();
  // Under 768 px the assistant steps out of the way of the dialog.
  await expect(assistantButton(page)).toBeHidden();

  expect(errors).toEqual([]);
});
