import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY, SELECTED_PLAN_STORAGE_KEY } from '@rafter/domain/auth-session';
import { fakeApi } from '../../test/fake-api';
import { renderAuthApp, testSession } from '../../test/render-auth-app';
import { leavePage } from '../../features/subscription/utils/leave-page';

vi.mock('../../features/subscription/utils/leave-page', () => ({ leavePage: vi.fn() }));

const location = () => screen.getByTestId('location').textContent;
/** The page's live region (the test's location probe is an <output>, a status too). */
const status = () => screen.findByText((_, element) => element?.getAttribute('role') === 'status');
const CHECKOUT_URL = 'https://checkout.stripe.test/c/pay/cs_test_1';

function signedIn(routes: Parameters<typeof fakeApi>[0]) {
  localStorage.setItem(AUTH_STORAGE_KEY, 'signed-in');
  return fakeApi({ 'POST /api/auth/refresh': () => ({ body: testSession() }), ...routes });
}

// The pages these redirects reach are lazy chunks; loaded once here, each test stays quick.
beforeAll(async () => {
  await Promise.all([
    import('./LandingPage'),
    import('./SubscribePage'),
    import('../../features/auth/components/AuthDialog'),
  ]);
}, 30_000);

beforeEach(() => {
  vi.mocked(leavePage).mockClear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

// Rendering the landing page these redirects reach is slow in jsdom.
const REACHES_LANDING_MS = 15_000;

describe('/subscribe', () => {
  it(
    'without a plan says so and returns to pricing after 1.2 s',
    async () => {
      const api = signedIn({});
      renderAuthApp('/subscribe');

      expect(await status()).toHaveTextContent('No plan selected. Redirecting to pricing...');
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(location()).toBe('/subscribe');

      await act(() => vi.advanceTimersByTimeAsync(250));
      await waitFor(() => expect(location()).toBe('/'));
      expect(api.calls('POST /api/checkout')).toHaveLength(0);
    },
    REACHES_LANDING_MS,
  );

  it('an unknown plan in the address counts as no plan', async () => {
    signedIn({});
    renderAuthApp('/subscribe?plan=platinum');

    expect(await status()).toHaveTextContent('No plan selected.');
  });

  it(
    'sends a visitor without a session to sign up for the plan, which is kept',
    async () => {
      const api = fakeApi({});
      renderAuthApp('/subscribe?plan=smart');

      expect(await screen.findByRole('dialog', { name: 'Sign Up' })).toBeVisible();
      expect(location()).toBe('/');
      expect(localStorage.getItem(SELECTED_PLAN_STORAGE_KEY)).toBe('smart');
      expect(api.calls('POST /api/checkout')).toHaveLength(0);
    },
    REACHES_LANDING_MS,
  );

  it('creates the checkout for the plan and leaves for Stripe', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const api = signedIn({
      'POST /api/checkout': () => new Promise((resolve) => (answer = resolve)),
    });
    renderAuthApp('/subscribe?plan=instant');

    expect(await status()).toHaveTextContent('Creating checkout session...');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Subscribe to Instant Estimator',
    );
    await waitFor(() => expect(api.calls('POST /api/checkout')).toHaveLength(1));
    expect(api.calls('POST /api/checkout')[0]?.body).toEqual({ productId: 'instant' });
    expect(leavePage).not.toHaveBeenCalled();

    answer({ body: { url: CHECKOUT_URL } });

    await waitFor(() =>
      expect(
        screen.getByText((_, element) => element?.getAttribute('role') === 'status'),
      ).toHaveTextContent('Redirecting to Stripe checkout...'),
    );
    expect(leavePage).toHaveBeenCalledExactlyOnceWith(CHECKOUT_URL);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(location()).toBe('/subscribe?plan=instant');
  });

  it(
    'a subscriber on another plan is sent to the confirmation of the change, not to Stripe',
    async () => {
      const api = signedIn({
        'POST /api/checkout': () => ({
          body: { url: `${window.location.origin}/dashboard?tab=subscription&change=smart` },
        }),
      });
      renderAuthApp('/subscribe?plan=smart');

      // The dashboard's chunk loads on the way, as the landing page's does for the redirects.
      await waitFor(() => expect(location()).toBe('/dashboard?tab=subscription&change=smart'), {
        timeout: REACHES_LANDING_MS,
      });
      expect(api.calls('POST /api/checkout')).toHaveLength(1);
      expect(leavePage).not.toHaveBeenCalled();
    },
    REACHES_LANDING_MS * 2,
  );

  it(
    'a plan chosen on the landing page before the session check answered waits for it, then goes to the checkout',
    async () => {
      let answerRefresh: () => void = () => {};
      const refreshed = new Promise<void>((resolve) => (answerRefresh = resolve));
      const api = signedIn({
        'POST /api/auth/refresh': async () => {
          await refreshed;
          return { body: testSession() };
        },
        'POST /api/checkout': () => new Promise(() => {}),
      });
      renderAuthApp('/');
      const pricing = await screen.findByRole(
        'region',
        { name: 'Simple month-to-month pricing' },
        { timeout: REACHES_LANDING_MS },
      );
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(within(pricing).getByRole('button', { name: 'Choose Smart Estimator' }));
      expect(localStorage.getItem(SELECTED_PLAN_STORAGE_KEY)).toBe('smart');
      expect(location()).toBe('/');

      answerRefresh();

      await waitFor(() => expect(location()).toBe('/subscribe?plan=smart'));
      await waitFor(() => expect(api.calls('POST /api/checkout')).toHaveLength(1));
      expect(screen.queryByRole('dialog', { name: 'Sign Up' })).not.toBeInTheDocument();
    },
    REACHES_LANDING_MS,
  );

  it('uses the stored plan when the address has none, and forgets it', async () => {
    localStorage.setItem(SELECTED_PLAN_STORAGE_KEY, 'starter');
    const api = signedIn({ 'POST /api/checkout': () => ({ body: { url: CHECKOUT_URL } }) });
    renderAuthApp('/subscribe');

    await waitFor(() => expect(leavePage).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.calls('POST /api/checkout')[0]?.body).toEqual({ productId: 'starter' });
    expect(localStorage.getItem(SELECTED_PLAN_STORAGE_KEY)).toBeNull();
  });

  it.each([
    [
      'the server error',
      () => ({ status: 503, body: { error: 'Payments are not configured' } }),
      'Payments are not configured',
    ],
    ['a failure without text', () => ({ status: 500 }), 'Failed to create checkout session.'],
    ['an answer without a url', () => ({ body: {} }), 'Failed to get checkout URL.'],
    [
      'no answer at all',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'An error occurred. Redirecting back...',
    ],
  ])(
    'on %s shows it, forgets the plan and returns home after 2 s',
    async (_, reply, text) => {
      localStorage.setItem(SELECTED_PLAN_STORAGE_KEY, 'smart');
      signedIn({ 'POST /api/checkout': reply });
      renderAuthApp('/subscribe?plan=smart');

      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(localStorage.getItem(SELECTED_PLAN_STORAGE_KEY)).toBeNull();
      expect(leavePage).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(1800));
      expect(location()).toBe('/subscribe?plan=smart');

      await act(() => vi.advanceTimersByTimeAsync(250));
      await waitFor(() => expect(location()).toBe('/'));
    },
    REACHES_LANDING_MS,
  );
});
