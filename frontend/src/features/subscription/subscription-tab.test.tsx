import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanChangePreview, SubscriptionView } from '@rafter/domain/billing';
import { fakeApi } from '../../test/fake-api';
import SubscriptionTab from './components/SubscriptionTab';
import { NO_SUBSCRIPTION, renderBilling, subscriptionView } from './test/render';
import { formatBillingDate } from './utils/format-billing-date';
import { leavePage } from './utils/leave-page';

vi.mock('./utils/leave-page', () => ({ leavePage: vi.fn() }));

const CHECKOUT_URL = 'https://checkout.stripe.test/c/pay/cs_test_2';
const location = () => screen.getByTestId('location').textContent;
const planCard = (name: string) => screen.getByRole('article', { name });

function withSubscription(view: SubscriptionView, routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({ 'GET /api/billing/subscription': () => ({ body: view }), ...routes });
}

beforeEach(() => {
  vi.mocked(leavePage).mockClear();
});

describe('Subscription tab', () => {
  it('shows the current plan, its renewal, usage, the three plans and the notices', async () => {
    const view = subscriptionView({ testMode: true });
    withSubscription(view);
    renderBilling(<SubscriptionTab />);

    expect(screen.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
    const current = await screen.findByRole('region', { name: 'Smart Estimator' });
    expect(current).toHaveTextContent(`Renews on ${formatBillingDate(view.currentPeriodEnd!)}`);
    expect(within(current).getByText('12 / 50 leads')).toBeVisible();
    expect(within(current).getByRole('progressbar', { name: 'Leads this month' })).toHaveAttribute(
      'aria-valuenow',
      '24',
    );
    expect(within(current).getByText(view.refund.message)).toBeVisible();
    expect(
      screen.getByText('Payments are in test mode: use card 4242 4242 4242 4242'),
    ).toBeVisible();
    // Every capability the notice once promised has shipped (analytics last): it is gone.
    expect(screen.queryByText(/Coming soon/)).not.toBeInTheDocument();

    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(within(planCard('Smart Estimator')).getByText('Most Popular')).toBeVisible();
    expect(
      within(planCard('Smart Estimator')).getByRole('button', { name: 'Current Plan' }),
    ).toBeDisabled();
    expect(
      within(planCard('Instant Estimator')).getByRole('button', {
        name: 'Upgrade to Instant Estimator',
      }),
    ).toBeEnabled();
    expect(
      within(planCard('Starter Estimator')).getByRole('button', {
        name: 'Switch to Starter Estimator',
      }),
    ).toBeEnabled();
  });

  it('has no test-mode note with live payments', async () => {
    withSubscription(subscriptionView());
    renderBilling(<SubscriptionTab />);

    await screen.findByRole('region', { name: 'Smart Estimator' });
    expect(screen.queryByText(/test mode/)).not.toBeInTheDocument();
  });

  it.each([
    ['below the limit', 'starter', 9, 10, '90', false],
    ['at the limit', 'starter', 10, 10, '100', true],
    ['over the limit, capped at 100', 'smart', 61, 50, '100', true],
  ] as const)('usage bar %s', async (_, plan, count, limit, percent, reached) => {
    withSubscription(subscriptionView({ plan, monthlyLeadCount: count, monthlyLeadLimit: limit }));
    renderBilling(<SubscriptionTab />);

    const bar = await screen.findByRole('progressbar', { name: 'Leads this month' });
    expect(bar).toHaveAttribute('aria-valuenow', percent);
    expect(screen.getByText(`${count} / ${limit} leads`)).toBeVisible();
    if (reached) {
      expect(screen.getByText('Limit Reached')).toBeVisible();
      expect(bar).toHaveClass('MuiLinearProgress-colorError');
    } else {
      expect(screen.queryByText('Limit Reached')).not.toBeInTheDocument();
      expect(bar).toHaveClass('MuiLinearProgress-colorPrimary');
    }
  });

  it('shows Instant as unlimited, without a bar or a limit', async () => {
    withSubscription(
      subscriptionView({
        plan: 'instant',
        level: 3,
        monthlyLeadCount: 180,
        monthlyLeadLimit: null,
      }),
    );
    renderBilling(<SubscriptionTab />);

    expect(await screen.findByText('180 leads · Unlimited')).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText('Limit Reached')).not.toBeInTheDocument();
  });

  it('a canceling plan says when it ends and offers no Cancel button', async () => {
    const view = subscriptionView({ cancelAtPeriodEnd: true });
    withSubscription(view);
    renderBilling(<SubscriptionTab />);

    const current = await screen.findByRole('region', { name: 'Smart Estimator' });
    expect(current).toHaveTextContent(`Cancels on ${formatBillingDate(view.currentPeriodEnd!)}`);
    expect(current).not.toHaveTextContent('Renews on');
    expect(within(current).queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it.each([
    [
      'the server error',
      () => ({ status: 409, body: { error: 'The subscription is already canceled' } }),
      'The subscription is already canceled',
    ],
    ['a failure without text', () => ({ status: 500 }), 'Failed to cancel subscription'],
    [
      'no answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Cancellation failed',
    ],
  ])(
    'a cancel that fails with %s says so in the dialog, which stays open',
    async (_, reply, text) => {
      withSubscription(subscriptionView(), { 'POST /api/cancel-subscription': reply });
      renderBilling(<SubscriptionTab />);

      await userEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
      const dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
      expect(dialog).toBeVisible();
    },
  );

  it('a cancel closes the dialog, reloads the plan and says access lasts until the end', async () => {
    let view = subscriptionView();
    const periodEnd = view.currentPeriodEnd!;
    const api = fakeApi({
      'GET /api/billing/subscription': () => ({ body: view }),
      'POST /api/cancel-subscription': () => {
        view = { ...view, cancelAtPeriodEnd: true };
        return { body: { success: true, currentPeriodEnd: periodEnd } };
      },
    });
    renderBilling(<SubscriptionTab />);

    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Cancel your subscription?' })).getByRole(
        'button',
        { name: 'Cancel Subscription' },
      ),
    );

    const done = await screen.findByRole('dialog', { name: 'Subscription canceled' });
    expect(done).toHaveTextContent(`ends on ${formatBillingDate(periodEnd)}`);
    expect(done).toHaveTextContent('You keep full access to the Smart Estimator plan until then');
    expect(screen.queryByRole('dialog', { name: 'Cancel your subscription?' })).toBeNull();
    expect(api.calls('POST /api/cancel-subscription')[0]?.body).toEqual({});
    expect(
      await screen.findByText(`Cancels on ${formatBillingDate(periodEnd)}`),
    ).toBeInTheDocument();
    expect(api.calls('GET /api/billing/subscription')).toHaveLength(2);

    await userEvent.click(within(done).getByRole('button', { name: 'Got it' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Subscription canceled' })).toBeNull(),
    );
  });

  function quote(overrides: Partial<PlanChangePreview> = {}): PlanChangePreview {
    return {
      plan: 'instant',
      currentPlan: 'smart',
      direction: 'upgrade',
      timing: 'now',
      timings: ['now'],
      via: 'in_place',
      amountDueToday: 4987,
      credit: 0,
      prorationDate: 1_800_000_000,
      nextRenewal: { date: '2026-12-25T10:00:00.000Z', amount: 9700 },
      withdrawsCancellation: false,
      ...overrides,
    };
  }

  it('an upgrade shows the preview, changes nothing until confirmed, then changes as previewed', async () => {
    let view = subscriptionView();
    const api = fakeApi({
      'GET /api/billing/subscription': () => ({ body: view }),
      'POST /api/billing/plan-change-preview': () => ({ body: quote() }),
      'POST /api/change-subscription': () => {
        view = subscriptionView({ plan: 'instant', level: 3, monthlyLeadLimit: null });
        return { body: { canceledCount: 0, scheduledFor: null } };
      },
    });
    renderBilling(<SubscriptionTab />);

    const upgrade = await screen.findByRole('button', { name: 'Upgrade to Instant Estimator' });
    await userEvent.click(upgrade);
    let dialog = screen.getByRole('dialog', { name: 'Upgrade to Instant Estimator?' });
    expect(await within(dialog).findByTestId('due-today')).toHaveTextContent('$49.87');
    expect(within(dialog).getByTestId('next-renewal')).toHaveTextContent(
      `$97.00 on ${formatBillingDate('2026-12-25T10:00:00.000Z')}`,
    );
    expect(api.calls('POST /api/billing/plan-change-preview')[0]?.body).toEqual({
      newProductId: 'instant',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep Current Plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('POST /api/change-subscription')).toHaveLength(0);

    await userEvent.click(upgrade);
    dialog = screen.getByRole('dialog', { name: 'Upgrade to Instant Estimator?' });
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Confirm and Pay $49.87' }),
    );

    expect(await screen.findByText('Your plan is now Instant Estimator.')).toBeVisible();
    expect(api.calls('POST /api/change-subscription')[0]?.body).toEqual({
      newProductId: 'instant',
      timing: 'now',
      prorationDate: 1_800_000_000,
      expectedAmountDue: 4987,
    });
    expect(api.calls('POST /api/checkout')).toHaveLength(0);
    expect(leavePage).not.toHaveBeenCalled();
    expect(await screen.findByRole('region', { name: 'Instant Estimator' })).toBeVisible();
  });

  it('a downgrade waits for the renewal unless now is chosen, which is previewed again', async () => {
    const renewal = '2026-12-25T10:00:00.000Z';
    const api = withSubscription(subscriptionView(), {
      'POST /api/billing/plan-change-preview': (request) => {
        const now = (request.body as { timing?: string }).timing === 'now';
        return {
          body: quote({
            plan: 'starter',
            direction: 'downgrade',
            timing: now ? 'now' : 'period_end',
            timings: ['period_end', 'now'],
            amountDueToday: 0,
            credit: now ? 1980 : 0,
            prorationDate: now ? 1_800_000_000 : null,
            nextRenewal: { date: renewal, amount: now ? 0 : 1700 },
          }),
        };
      },
      'POST /api/change-subscription': () => ({
        body: { canceledCount: 0, scheduledFor: renewal },
      }),
    });
    renderBilling(<SubscriptionTab />);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Switch to Starter Estimator' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Switch to Starter Estimator?' });
    const atRenewal = await within(dialog).findByRole('radio', {
      name: new RegExp(`^At renewal on ${formatBillingDate(renewal)}`),
    });
    expect(atRenewal).toBeChecked();
    expect(within(dialog).getByTestId('due-today')).toHaveTextContent('$0.00');
    expect(within(dialog).getByTestId('next-renewal')).toHaveTextContent('$17.00');

    await userEvent.click(within(dialog).getByRole('radio', { name: /^Now/ }));
    expect(await within(dialog).findByTestId('credit')).toHaveTextContent('$19.80');
    expect(api.calls('POST /api/billing/plan-change-preview')[1]?.body).toEqual({
      newProductId: 'starter',
      timing: 'now',
    });
    await userEvent.click(within(dialog).getByRole('radio', { name: /^At renewal/ }));
    await waitFor(() => expect(within(dialog).queryByTestId('credit')).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Change' }));

    expect(
      await screen.findByText(
        `Your plan changes to Starter Estimator on ${formatBillingDate(renewal)}.`,
      ),
    ).toBeVisible();
    expect(api.calls('POST /api/change-subscription')[0]?.body).toEqual({
      newProductId: 'starter',
      timing: 'period_end',
    });
  });

  it.each([
    [
      'a failure',
      () => ({ status: 502, body: { error: 'Stripe is down' } }),
      'Failed to cancel old subscription. Please try again.',
    ],
    [
      'a refused, out-of-date amount',
      () => ({ status: 409, body: { error: 'The amount due today is now $50.12.' } }),
      'The amount due today is now $50.12.',
    ],
  ])('a change that meets %s says so in the dialog, which stays open', async (_, reply, text) => {
    const api = withSubscription(subscriptionView(), {
      'POST /api/billing/plan-change-preview': () => ({ body: quote() }),
      'POST /api/change-subscription': reply,
    });
    renderBilling(<SubscriptionTab />);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Upgrade to Instant Estimator' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Upgrade to Instant Estimator?' });
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Confirm and Pay $49.87' }),
    );

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(api.calls('POST /api/checkout')).toHaveLength(0);
    expect(leavePage).not.toHaveBeenCalled();
  });

  it('a plan Stripe cannot change is changed first, then bought through checkout', async () => {
    const api = withSubscription(subscriptionView(), {
      'POST /api/billing/plan-change-preview': () => ({
        body: quote({ via: 'checkout', amountDueToday: 9700, prorationDate: null }),
      }),
      'POST /api/change-subscription': () => ({ body: { canceledCount: 0, scheduledFor: null } }),
      'POST /api/checkout': () => ({ body: { url: CHECKOUT_URL } }),
    });
    renderBilling(<SubscriptionTab />);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Upgrade to Instant Estimator' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Upgrade to Instant Estimator?' });
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Continue to Payment' }),
    );

    await waitFor(() => expect(leavePage).toHaveBeenCalledExactlyOnceWith(CHECKOUT_URL));
    const billingCalls = api.requests
      .filter(
        (request) =>
          request.method === 'POST' && request.path !== '/api/billing/plan-change-preview',
      )
      .map((request) => [request.path, request.body]);
    expect(billingCalls).toEqual([
      ['/api/change-subscription', { newProductId: 'instant' }],
      ['/api/checkout', { productId: 'instant' }],
    ]);
  });

  it('a change waiting for the renewal is shown, and can be taken back', async () => {
    const effectiveAt = '2026-12-25T10:00:00.000Z';
    let view = subscriptionView({ pendingChange: { plan: 'starter', effectiveAt } });
    const api = fakeApi({
      'GET /api/billing/subscription': () => ({ body: view }),
      'DELETE /api/billing/pending-change': () => {
        view = subscriptionView();
        return { status: 204 };
      },
    });
    renderBilling(<SubscriptionTab />);

    const current = await screen.findByRole('region', { name: 'Smart Estimator' });
    expect(current).toHaveTextContent(
      `Changes to Starter Estimator on ${formatBillingDate(effectiveAt)}`,
    );
    await userEvent.click(within(current).getByRole('button', { name: 'Keep Smart Estimator' }));

    await waitFor(() => expect(current).not.toHaveTextContent('Changes to Starter Estimator'));
    expect(api.calls('DELETE /api/billing/pending-change')).toHaveLength(1);
  });

  it('a plan chosen elsewhere (?change=instant) opens its confirmation and leaves the address', async () => {
    withSubscription(subscriptionView(), {
      'POST /api/billing/plan-change-preview': () => ({ body: quote() }),
    });
    renderBilling(<SubscriptionTab />, '/dashboard?tab=subscription&change=instant');

    expect(
      await screen.findByRole('dialog', { name: 'Upgrade to Instant Estimator?' }),
    ).toBeVisible();
    await waitFor(() => expect(location()).toBe('/dashboard?tab=subscription'));
  });

  it('without a plan goes straight to checkout', async () => {
    const api = withSubscription(NO_SUBSCRIPTION, {
      'POST /api/checkout': () => ({ body: { url: CHECKOUT_URL } }),
    });
    renderBilling(<SubscriptionTab />);

    expect(await screen.findByRole('region', { name: 'No Active Plan' })).toHaveTextContent(
      'Choose a plan below',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Choose Starter Estimator' }));

    await waitFor(() => expect(leavePage).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.calls('POST /api/change-subscription')).toHaveLength(0);
    expect(api.calls('POST /api/checkout')[0]?.body).toEqual({ productId: 'starter' });
  });

  it.each([
    ['fails', () => ({ status: 503, body: { error: 'Payments are not configured' } })],
    ['answers without a url', () => ({ body: {} })],
  ])('a checkout that %s says it could not start', async (_, reply) => {
    withSubscription(NO_SUBSCRIPTION, { 'POST /api/checkout': reply });
    renderBilling(<SubscriptionTab />);

    await userEvent.click(await screen.findByRole('button', { name: 'Choose Smart Estimator' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to start checkout. Please try again.',
    );
    expect(leavePage).not.toHaveBeenCalled();
  });

  it.each([
    [{ status: 500, body: { error: 'Database unavailable' } }, 'Database unavailable'],
    [{ status: 500 }, 'Failed to load subscription'],
  ])('a subscription that fails to load says so', async (answer, text) => {
    fakeApi({ 'GET /api/billing/subscription': () => answer });
    renderBilling(<SubscriptionTab />);

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('offers a refund inside the rule: it explains, cancels at once and confirms', async () => {
    let view = subscriptionView({
      refund: {
        eligible: true,
        reason: 'eligible',
        message: 'You can request a refund.',
        deadline: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      },
    });
    const api = fakeApi({
      'GET /api/billing/subscription': () => ({ body: view }),
      'POST /api/billing/refund': () => {
        view = { ...NO_SUBSCRIPTION, plan: 'smart', status: 'canceled' };
        return { body: { refunded: true, canceledAt: new Date().toISOString() } };
      },
    });
    renderBilling(<SubscriptionTab />);

    expect(
      await screen.findByText(
        `Money-back guarantee until ${formatBillingDate(view.refund.deadline!)}`,
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Request refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Request a refund?' });
    expect(dialog).toHaveTextContent('canceled immediately');
    expect(dialog).toHaveTextContent('7-10 business days');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Refund' }));

    expect(await screen.findByText(/Your refund is on its way/)).toBeVisible();
    expect(api.calls('POST /api/billing/refund')).toHaveLength(1);
    expect(await screen.findByRole('region', { name: 'No Active Plan' })).toBeVisible();
  });

  it('a refused refund shows the server reason in the dialog', async () => {
    withSubscription(
      subscriptionView({
        refund: {
          eligible: true,
          reason: 'eligible',
          message: 'You can request a refund.',
          deadline: null,
        },
      }),
      { 'POST /api/billing/refund': () => ({ status: 409, body: { error: 'Too many leads' } }) },
    );
    renderBilling(<SubscriptionTab />);

    await userEvent.click(await screen.findByRole('button', { name: 'Request refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Request a refund?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Refund' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many leads');
  });

  it('back from a paid checkout: re-reads the plan until the webhook has activated it', async () => {
    let reads = 0;
    fakeApi({
      'GET /api/billing/subscription': () => {
        reads += 1;
        return { body: reads < 2 ? NO_SUBSCRIPTION : subscriptionView() };
      },
    });
    renderBilling(<SubscriptionTab />, '/dashboard?tab=subscription&checkout=success');

    expect(await screen.findByText('Payment received. Activating your plan...')).toBeVisible();
    expect(
      await screen.findByText('Payment received — your Smart Estimator plan is active.'),
    ).toBeVisible();
    expect(reads).toBe(2);
  });

  it('back from a canceled checkout: says nothing was charged; closing clears the address', async () => {
    withSubscription(NO_SUBSCRIPTION);
    renderBilling(<SubscriptionTab />, '/dashboard?tab=subscription&checkout=canceled');

    const notice = await screen.findByText('Checkout was canceled. You have not been charged.');
    expect(notice).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    expect(location()).toBe('/dashboard?tab=subscription');
    expect(screen.queryByText(/Checkout was canceled/)).toBeNull();
  });
});
