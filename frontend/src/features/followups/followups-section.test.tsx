import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FollowupSettingsView } from '@rafter/domain/followups';
import { fakeApi } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { FollowupsSection } from './components/FollowupsSection';

function settingsApi(initial: FollowupSettingsView = { estimateEmail: true, phone: null }) {
  let stored = initial;
  return fakeApi({
    'GET /api/followups/settings': () => ({ body: stored }),
    'PUT /api/followups/settings': (request) => {
      const body = request.body as FollowupSettingsView;
      stored = body;
      return { body: stored };
    },
  });
}

function renderSection(access: 'loading' | 'allowed' | 'locked' = 'allowed') {
  return renderWithQuery(
    <MemoryRouter>
      <FollowupsSection access={access} upgradeTo="/dashboard?tab=subscription" />
    </MemoryRouter>,
  );
}

describe('Follow-ups section', () => {
  it('shows the estimate e-mail on by default and saves it turned off with a phone', async () => {
    const api = settingsApi();
    renderSection();
    const toggle = await screen.findByRole('switch', { name: 'E-mail homeowners their estimate' });
    expect(toggle).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save follow-ups' })).toBeDisabled();

    await userEvent.click(toggle);
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Phone number for homeowners' }),
      '512.555.0177',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save follow-ups' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(api.calls('PUT /api/followups/settings')[0]!.body).toEqual({
      estimateEmail: false,
      phone: '5125550177',
    });
    expect(
      screen.getByRole('switch', { name: 'E-mail homeowners their estimate' }),
    ).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Phone number for homeowners' })).toHaveValue(
      '(512) 555-0177',
    );
  });

  it('names a wrong phone number and sends nothing', async () => {
    const api = settingsApi({ estimateEmail: true, phone: '5125550100' });
    renderSection();
    const phone = await screen.findByRole('textbox', { name: 'Phone number for homeowners' });
    expect(phone).toHaveValue('(512) 555-0100');
    await userEvent.clear(phone);
    await userEvent.type(phone, '555-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save follow-ups' }));
    expect(await screen.findByText('Phone number must be a 10-digit US number')).toBeVisible();
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(api.calls('PUT /api/followups/settings')).toHaveLength(0);
  });

  it('below Smart, explains the feature and offers the upgrade instead of the settings', () => {
    const api = settingsApi();
    renderSection('locked');
    expect(screen.getByRole('heading', { name: 'Follow-ups' })).toBeVisible();
    expect(
      screen.getByText(/Automated follow-ups come with the Smart Estimator plan/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Upgrade to Smart Estimator' })).toHaveAttribute(
      'href',
      '/dashboard?tab=subscription',
    );
    expect(screen.queryByRole('switch')).toBeNull();
    expect(api.calls('GET /api/followups/settings')).toHaveLength(0);
  });
});
