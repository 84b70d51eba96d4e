import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { TextSettingsCard } from './components/TextSettingsCard';

function settingsApi(put: () => { status?: number; body?: unknown }) {
  return fakeApi({
    'GET /api/settings/texts': () => ({
      body: { mobilePhone: '+15125550100', textNewLeads: false },
    }),
    'PUT /api/settings/texts': put,
  });
}

describe('Follow-ups: text settings', () => {
  it('shows the stored mobile, saves the switch and shows what the server stored', async () => {
    const api = settingsApi(() => ({
      body: { mobilePhone: '+15125550101', textNewLeads: true },
    }));
    renderWithQuery(<TextSettingsCard locked={false} onLocked={vi.fn()} />);
    const mobile = await screen.findByRole('textbox', { name: 'Mobile number' });
    expect(mobile).toHaveValue('(512) 555-0100');
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '512.555.0101');
    await userEvent.click(screen.getByRole('switch', { name: 'Text me new leads' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeVisible();
    expect(api.calls('PUT /api/settings/texts')[0]?.body).toEqual({
      mobilePhone: '512.555.0101',
      textNewLeads: true,
    });
    expect(mobile).toHaveValue('(512) 555-0101');
  });

  it("shows the server's message under the field", async () => {
    settingsApi(() => ({
      status: 400,
      body: { error: 'mobilePhone: Mobile number must be a valid US number' },
    }));
    renderWithQuery(<TextSettingsCard locked={false} onLocked={vi.fn()} />);
    const mobile = await screen.findByRole('textbox', { name: 'Mobile number' });
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '555-0100');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('mobilePhone: Mobile number must be a valid US number'),
    ).toBeVisible();
    expect(mobile).toHaveAttribute('aria-invalid', 'true');
  });

  it('below Smart the switch opens Upgrade Required instead of turning on', async () => {
    settingsApi(() => ({ body: {} }));
    const onLocked = vi.fn();
    renderWithQuery(<TextSettingsCard locked onLocked={onLocked} />);
    const toggle = await screen.findByRole('switch', { name: 'Text me new leads' });
    await userEvent.click(toggle);
    expect(onLocked).toHaveBeenCalledTimes(1);
    expect(toggle).not.toBeChecked();
  });
});
