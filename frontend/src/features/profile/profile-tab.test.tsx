import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BUSINESS_PROFILE, type BusinessProfileView } from '@rafter/domain/settings';
import { LOGO_HINT, LOGO_LOCKED_TEXT } from './profile-constants';
import { toServiceAreas } from '@rafter/domain/service-area';
import { fakeApi, type FakeRequest } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { ProfileTab } from './components/ProfileTab';

const STORED: BusinessProfileView = {
  ...DEFAULT_BUSINESS_PROFILE,
  businessName: 'Sunny Roofing',
  address: '12 Main St, Austin, TX',
  areasOfService: toServiceAreas(['Austin, TX', 'Round Rock, TX']),
  idealCustomerProfile: 'Homeowners with older roofs',
  idealCustomerValue: 9000,
  leadsPerDay: 7,
  leadType: 'exclusive',
  notifyNewLeads: true,
  timezone: 'America/Chicago',
};

function profileApi(
  put: (request: FakeRequest) => { status?: number; body?: unknown } = (r) => {
    const body = r.body as { areasOfService: string[] };
    return {
      body: { ...STORED, ...body, areasOfService: toServiceAreas(body.areasOfService) },
    };
  },
) {
  return fakeApi({
    'GET /api/profile': () => ({ body: STORED }),
    'PUT /api/profile': put,
    'POST /api/profile/logo': () => ({ body: { logoUrl: '/uploads/u/logo-1.png' } }),
  });
}

async function renderProfile({
  logoLocked = false,
  onLogoLocked = vi.fn(),
  remindersLocked = false,
} = {}) {
  renderWithQuery(
    <ProfileTab
      logoLocked={logoLocked}
      onLogoLocked={onLogoLocked}
      remindersLocked={remindersLocked}
    />,
  );
  await screen.findByText('Sunny Roofing');
  return onLogoLocked;
}

const form = () => screen.getByRole('form', { name: 'Business profile' });
const chooseLogo = (file: File) =>
  fireEvent.change(form().querySelector('input[type=file]')!, { target: { files: [file] } });

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:logo', revokeObjectURL: () => {} }),
  );
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Business Profile', () => {
  it('Cancel leaves edit mode without saving', async () => {
    const api = profileApi();
    await renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await userEvent.clear(within(form()).getByLabelText('Business Name'));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText('Sunny Roofing')).toBeVisible();
    expect(api.calls('PUT /api/profile')).toHaveLength(0);
  });

  it('saves the fields, keeps the hidden ones, and shows Saved for 3 s', async () => {
    const api = profileApi();
    await renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const areas = within(form()).getByRole('combobox', { name: 'Areas of Service' });
    // Backspace in the empty field removes the last chip.
    await userEvent.type(areas, '{Backspace}Cedar Park, TX{Enter}78613{Enter}');
    await userEvent.clear(within(form()).getByLabelText('Preferred Minimum Deal Value'));
    await userEvent.click(
      within(form()).getByRole('switch', { name: 'E-mail me about new leads' }),
    );
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Saved')).toBeVisible();
    expect(api.calls('PUT /api/profile')[0]!.body).toEqual({
      businessName: 'Sunny Roofing',
      address: '12 Main St, Austin, TX',
      areasOfService: ['Austin, TX', 'Cedar Park, TX', '78613'],
      idealCustomerProfile: 'Homeowners with older roofs',
      idealCustomerValue: null,
      leadsPerDay: 7,
      leadType: 'exclusive',
      timezone: 'America/Chicago',
      notifyNewLeads: false,
      newLeadReminderMinutes: 60,
    });
    expect(api.calls('POST /api/profile/logo')).toHaveLength(0);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText('Austin, TX · Cedar Park, TX · 78613')).toBeVisible();

    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.getByText('Saved')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('sets the still-New reminder from its choices, counted in business hours', async () => {
    const api = profileApi();
    await renderProfile();
    expect(screen.getByText('After 1 hour')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const reminder = within(form()).getByRole('combobox', {
      name: 'Remind me when a lead is still New',
    });
    expect(within(form()).getByText(/Monday to Friday, 8 am to 6 pm/)).toBeVisible();
    await userEvent.click(reminder);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      'Off',
      'After 15 minutes',
      'After 30 minutes',
      'After 1 hour',
      'After 2 hours',
      'After 4 hours',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'After 15 minutes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('After 15 minutes');
    expect(api.calls('PUT /api/profile')[0]!.body).toMatchObject({ newLeadReminderMinutes: 15 });
  });

  it('shows the still-New reminder as a Smart feature below Smart', async () => {
    await renderProfile({ remindersLocked: true });
    expect(screen.getByText('Smart and Instant plans')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(
      within(form()).getByRole('combobox', { name: 'Remind me when a lead is still New' }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(within(form()).getByText(/on the Smart and Instant plans/)).toBeVisible();
  });

  it('keeps an entry with a comma as one area, and refuses to save an entry that is not one', async () => {
    const api = profileApi();
    await renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const chips = () => within(form()).getAllByTestId('service-area-chip');
    expect(chips().map((chip) => chip.textContent)).toEqual(['Austin, TX', 'Round Rock, TX']);
    // Each chip says what it covers: the city, never the whole state.
    expect(chips()[0]).toHaveAttribute('title', 'Austin, Texas');

    const areas = within(form()).getByRole('combobox', { name: 'Areas of Service' });
    await userEvent.type(areas, 'Georgetown{Enter}');
    expect(chips().map((chip) => chip.textContent)).toEqual([
      'Austin, TX',
      'Round Rock, TX',
      'Georgetown',
    ]);
    expect(within(form()).getByTestId('service-area-errors')).toHaveTextContent(
      '"Georgetown" needs a state, like "Georgetown, TX".',
    );
    expect(areas).toHaveAccessibleDescription(/"Georgetown" needs a state/);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(api.calls('PUT /api/profile')).toHaveLength(0);

    await userEvent.type(areas, '{Backspace}Georgetown TX{Enter}');
    expect(within(form()).queryByTestId('service-area-errors')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Saved')).toBeVisible();
    expect(api.calls('PUT /api/profile')[0]!.body).toMatchObject({
      areasOfService: ['Austin, TX', 'Round Rock, TX', 'Georgetown TX'],
    });
  });

  it('asks for the state of an area kept from before areas had one', async () => {
    fakeApi({
      'GET /api/profile': () => ({
        body: {
          ...STORED,
          areasOfService: [
            { kind: 'place', label: 'Pflugerville', place: 'Pflugerville' },
            ...STORED.areasOfService,
          ],
        },
      }),
    });
    await renderProfile();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Add a state to Pflugerville: without one, a place of that name in any state counts as your area.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(within(form()).getByTestId('service-area-errors')).toHaveTextContent(
      '"Pflugerville" needs a state, like "Pflugerville, TX".',
    );
  });

  it('a failed save shows Error saving and the reason, and stays in edit mode', async () => {
    profileApi(() => ({
      status: 400,
      body: { error: 'Business name must be at most 120 characters' },
    }));
    await renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Error saving')).toBeVisible();
    expect(within(form()).getByRole('alert')).toHaveTextContent(
      'Business name must be at most 120 characters',
    );
  });
});

describe('logo', () => {
  it('is locked below Instant and opens the upgrade dialog', async () => {
    profileApi();
    const onLogoLocked = await renderProfile({ logoLocked: true });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(form().querySelector('input[type=file]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: LOGO_LOCKED_TEXT }));
    expect(onLogoLocked).toHaveBeenCalledOnce();
  });

  it.each([
    [
      'a file that is not an image',
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      'Please select an image file',
    ],
    [
      'an image over 2 MB',
      new File([new Uint8Array(2097153)], 'big.png', { type: 'image/png' }),
      'Logo must be less than 2MB',
    ],
  ])('refuses %s in the page and uploads nothing', async (_, file, text) => {
    const api = profileApi();
    await renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(within(form()).getByText(LOGO_HINT)).toBeVisible();
    chooseLogo(file);
    expect(within(form()).getByRole('alert')).toHaveTextContent(text);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Saved')).toBeVisible();
    expect(api.calls('POST /api/profile/logo')).toHaveLength(0);
  });

  it('accepts an image of exactly 2 MB, previews it and uploads it before the fields', async () => {
    const api = profileApi();
    await renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    chooseLogo(new File([new Uint8Array(2097152)], 'logo.png', { type: 'image/png' }));
    expect(within(form()).queryByRole('alert')).toBeNull();
    expect(within(form()).getByRole('img', { name: 'Logo preview' })).toHaveAttribute(
      'src',
      'blob:logo',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('img', { name: 'Business logo' })).toHaveAttribute(
      'src',
      '/uploads/u/logo-1.png',
    );
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/profile',
      'POST /api/profile/logo',
      'PUT /api/profile',
    ]);
  });

  it('shows the server refusal of an upload and saves nothing else', async () => {
    const api = fakeApi({
      'GET /api/profile': () => ({ body: STORED }),
      'POST /api/profile/logo': () => ({
        status: 400,
        body: { error: 'Please select an image file' },
      }),
    });
    await renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    chooseLogo(new File(['<html></html>'], 'fake.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Error saving')).toBeVisible();
    expect(within(form()).getByRole('alert')).toHaveTextContent('Please select an image file');
    expect(api.calls('PUT /api/profile')).toHaveLength(0);
  });
});
