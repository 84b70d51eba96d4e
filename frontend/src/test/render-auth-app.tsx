import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { AuthSession } from '@rafter/domain/auth';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>
  );
}

/** The whole app at `path`, with the current address readable from the `location` test id. */
export function renderAuthApp(path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

export function testSession(overrides: Partial<AuthSession['user']> = {}): AuthSession {
  return {
    accessToken: 'access-token-1',
    tokenType: 'bearer',
    expiresIn: 900,
    expiresAt: Math.floor(Date.now() / 1000) + 900,
    user: {
      id: 'user-1',
      email: 'sam@example.com',
      fullName: 'Sam Roofer',
      emailConfirmed: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      ...overrides,
    },
  };
}

export const OPTIONS_WITHOUT_GOOGLE = {
  google: { enabled: false, demo: false },
  demoAccount: null,
};
