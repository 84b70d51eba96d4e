import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@rafter/domain/auth-session';
import { WelcomeBanner } from './components/WelcomeBanner';

const user: AuthUser = {
  id: 'user-1',
  email: 'sam@roofers.test',
  fullName: 'Sam Roofer',
  emailConfirmed: true,
  createdAt: '2026-11-01T00:00:00.000Z',
};

function renderBanner(activePlanName: string | null | undefined) {
  render(
    <MemoryRouter>
      <WelcomeBanner
        user={user}
        activePlanName={activePlanName}
        choosePlanTo="/dashboard?tab=subscription"
        leadsTo="/dashboard?tab=leads"
      />
    </MemoryRouter>,
  );
}

describe('WelcomeBanner', () => {
  it('sends a contractor without a plan to the Subscription tab', () => {
    renderBanner(null);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Sam!' })).toBeVisible();
    expect(screen.getByText(/Next, choose a plan/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/dashboard?tab=subscription',
    );
  });

  it('sends a subscribed contractor to their leads and names the plan', () => {
    renderBanner('Smart Estimator');
    expect(screen.getByText(/Your Smart Estimator plan is active/)).toBeVisible();
    expect(screen.queryByText(/choose a plan/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'Work your leads' })).toHaveAttribute(
      'href',
      '/dashboard?tab=leads',
    );
  });

  it('offers no next step while the plan is loading', () => {
    renderBanner(undefined);
    expect(screen.getByText('You are signed in as sam@roofers.test.')).toBeVisible();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
