import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import type { SubscriptionView } from '@rafter/domain/billing';
import { theme } from '../../../theme/theme';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** `ui` with a query client (no retries, so failures show at once), the theme and a router. */
export function renderBilling(ui: ReactNode, path = '/dashboard?tab=subscription') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** An active Smart subscription renewing in 20 days, with 12 leads this month. */
export function subscriptionView(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    plan: 'smart',
    status: 'active',
    active: true,
    level: 2,
    currentPeriodEnd: new Date(Date.now() + 20 * DAY_MS).toISOString(),
    cancelAtPeriodEnd: false,
    monthlyLeadCount: 12,
    monthlyLeadLimit: 50,
    refund: {
      eligible: false,
      reason: 'window_closed',
      message: 'Refunds are available within 14 days of the first payment.',
      deadline: null,
    },
    pendingChange: null,
    testMode: false,
    ...overrides,
  };
}

export const NO_SUBSCRIPTION = subscriptionView({
  plan: null,
  status: null,
  active: false,
  level: 0,
  currentPeriodEnd: null,
  monthlyLeadCount: 0,
  monthlyLeadLimit: 0,
  refund: {
    eligible: false,
    reason: 'no_plan',
    message: 'There is no plan to refund.',
    deadline: null,
  },
});
