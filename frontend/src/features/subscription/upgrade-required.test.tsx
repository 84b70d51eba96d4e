import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SubscriptionView } from '@rafter/domain/billing';
import type { Feature } from '@rafter/domain/plans';
import { fakeApi } from '../../test/fake-api';
import { useFeatureAccess } from './api/get-subscription';
import { UpgradeRequiredDialog } from './components/UpgradeRequiredDialog';
import { NO_SUBSCRIPTION, renderBilling, subscriptionView } from './test/render';

const location = () => screen.getByTestId('location').textContent;

function DialogHost({ feature }: { feature: Feature }) {
  const [open, setOpen] = useState(true);
  return <UpgradeRequiredDialog feature={feature} open={open} onClose={() => setOpen(false)} />;
}

describe('Upgrade Required dialog', () => {
  it.each([
    ['customColors', 'Custom colors is available on the Smart Estimator plan or higher.'],
    ['aiScoring', 'AI lead scoring is available on the Smart Estimator plan or higher.'],
    ['logo', 'Custom logo is available on the Instant Estimator plan.'],
    ['embed', 'Website embed is available on the Starter Estimator plan or higher.'],
  ] as const)('for %s names the lowest plan that has it', async (feature, text) => {
    renderBilling(<DialogHost feature={feature} />, '/dashboard?tab=profile');

    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Required' });
    expect(dialog).toHaveTextContent(text);
  });

  it('Maybe Later only closes', async () => {
    renderBilling(<DialogHost feature="logo" />, '/dashboard?tab=profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/dashboard?tab=profile');
  });

  it('Upgrade Now goes to the subscription tab', async () => {
    renderBilling(<DialogHost feature="shareLink" />, '/dashboard?tab=calculator');
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade Now' }));
    expect(location()).toBe('/dashboard?tab=subscription');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

function AccessProbe({ feature }: { feature: Feature }) {
  const access = useFeatureAccess(feature);
  return (
    <output data-testid="access">
      {access.loading ? 'loading' : access.allowed ? 'allowed' : 'locked'} {access.requiredPlan.id}
    </output>
  );
}

describe('useFeatureAccess', () => {
  const past = new Date(Date.now() - 60_000).toISOString();
  it.each<[string, SubscriptionView, Feature, string]>([
    [
      'Starter may embed',
      subscriptionView({ plan: 'starter', level: 1 }),
      'embed',
      'allowed starter',
    ],
    [
      'Starter may not share a link',
      subscriptionView({ plan: 'starter', level: 1 }),
      'shareLink',
      'locked smart',
    ],
    ['Smart may not upload a logo', subscriptionView(), 'logo', 'locked instant'],
    [
      'Instant may upload a logo',
      subscriptionView({ plan: 'instant', level: 3 }),
      'logo',
      'allowed instant',
    ],
    ['no plan may not embed', NO_SUBSCRIPTION, 'embed', 'locked starter'],
    [
      'a period that has ended locks',
      subscriptionView({ currentPeriodEnd: past }),
      'embed',
      'locked starter',
    ],
    [
      'a past-due plan locks',
      subscriptionView({ status: 'past_due', active: false }),
      'crm',
      'locked starter',
    ],
  ])('%s', async (_, view, feature, expected) => {
    fakeApi({ 'GET /api/billing/subscription': () => ({ body: view }) });
    renderBilling(<AccessProbe feature={feature} />);

    expect(screen.getByTestId('access')).toHaveTextContent(/^loading/);
    await waitFor(() => expect(screen.getByTestId('access')).toHaveTextContent(expected));
  });

  it('stays locked when the subscription cannot be read', async () => {
    fakeApi({ 'GET /api/billing/subscription': () => ({ status: 500 }) });
    renderBilling(<AccessProbe feature="embed" />);

    await waitFor(() => expect(screen.getByTestId('access')).toHaveTextContent('locked starter'));
  });
});
