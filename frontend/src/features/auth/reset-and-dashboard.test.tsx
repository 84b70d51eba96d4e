import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTH_ERRORS, AUTH_STORAGE_KEY } from '@rafter/domain/auth';
import { fakeApi } from '../../test/fake-api';
import { OPTIONS_WITHOUT_GOOGLE, renderAuthApp, testSession } from '../../test/render-auth-app';

const TOKEN = 'reset-token-0123456789abcdef';
const location = () => screen.getByTestId('location').textContent;

async function submitNewPassword(password: string, confirmation = password) {
  await userEvent.type(screen.getByLabelText('New Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm New Password'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
}

describe('/reset-password', () => {
  it('takes the token out of the address, sets the new password and leads to sign-in', async () => {
    const api = fakeApi({
      'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }),
      'POST /api/auth/reset-password': () => ({ body: { email: 'sam@example.com' } }),
    });
    renderAuthApp(`/reset-password#token=${TOKEN}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible();
    await waitFor(() => expect(location()).toBe('/reset-password'));

    await submitNewPassword('new-secret-9', 'different');
    expect(await screen.findByText('Passwords do not match')).toBeVisible();
    expect(api.calls('POST /api/auth/reset-password')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Confirm New Password'));
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'new-secret-9');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));

    const done = await screen.findByRole('heading', { level: 1, name: 'Your password is updated' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(api.calls('POST /api/auth/reset-password')[0]?.body).toEqual({
      token: TOKEN,
      password: 'new-secret-9',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeVisible();
    expect(location()).toBe('/');
  });

  it('asks for 10 characters, and shows a common password refused by the server under the field', async () => {
    const api = fakeApi({
      'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }),
      'POST /api/auth/reset-password': () => ({
        status: 400,
        body: { error: AUTH_ERRORS.password_too_common, code: 'password_too_common' },
      }),
    });
    renderAuthApp(`/reset-password#token=${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    expect(screen.getByText(/at least 10 characters/)).toBeVisible();

    await submitNewPassword('nine-char');
    expect(await screen.findByText('Password must be at least 10 characters')).toBeVisible();
    expect(api.calls('POST /api/auth/reset-password')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('New Password'));
    await userEvent.clear(screen.getByLabelText('Confirm New Password'));
    await submitNewPassword('qwertyuiop');
    expect(await screen.findByText('This password is too common. Choose another.')).toBeVisible();
    expect(screen.getByLabelText('New Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Choose a new password');
  });

  it('explains an invalid or used link and offers a new one', async () => {
    fakeApi({
      'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }),
      'POST /api/auth/reset-password': () => ({
        status: 400,
        body: { error: AUTH_ERRORS.invalid_link, code: 'invalid_link' },
      }),
    });
    renderAuthApp(`/reset-password#token=${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });

    await submitNewPassword('new-secret-9');

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_ERRORS.invalid_link);
    await userEvent.click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(await screen.findByRole('dialog', { name: 'Reset Password' })).toBeVisible();
  });

  it('without a token says the link does not work, before anything is typed', async () => {
    fakeApi({});
    renderAuthApp('/reset-password');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This reset link does not work' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_ERRORS.invalid_link);
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });
});

describe('/dashboard', () => {
  it('sends a signed-out visitor home, replacing the address', async () => {
    fakeApi({});
    renderAuthApp('/dashboard');

    expect(
      await screen.findByRole('heading', { level: 1, name: /Instant roof-replacement estimates/ }),
    ).toBeVisible();
    expect(location()).toBe('/');
  });

  it('shows a spinner while the session is checked, then the contractor', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, 'signed-in');
    let answer: (value: { body: unknown }) => void = () => {};
    const api = fakeApi({
      'POST /api/auth/refresh': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/auth/me': () => ({ body: testSession({ fullName: 'Morgan Lee' }).user }),
    });
    renderAuthApp('/dashboard');

    expect(await screen.findByRole('progressbar', { name: 'Checking your session' })).toBeVisible();
    answer({ body: testSession({ fullName: 'Morgan Lee' }) });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Morgan!' }),
    ).toBeVisible();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Morgan Lee')).toBeVisible();
    expect(within(header).getByText('M')).toBeVisible();
    await waitFor(() => expect(api.calls('GET /api/auth/me')).toHaveLength(1));
  });

  it.each([
    [{ fullName: null, email: 'pat.roofs@example.com' }, 'pat.roofs', 'P'],
    [{ fullName: '  ', email: '' }, 'User', 'U'],
  ])(
    'names a contractor without a name by their e-mail, else User',
    async (user, name, initial) => {
      localStorage.setItem(AUTH_STORAGE_KEY, 'signed-in');
      fakeApi({
        'POST /api/auth/refresh': () => ({ body: testSession(user) }),
        'GET /api/auth/me': () => ({ body: testSession(user).user }),
      });
      renderAuthApp('/dashboard');

      const header = await screen.findByRole('banner');
      expect(await within(header).findByText(name)).toBeVisible();
      expect(within(header).getByText(initial)).toBeVisible();
    },
  );

  it('signs out and goes home with replace; a failure says so and stays', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, 'signed-in');
    let fail = true;
    fakeApi({
      'POST /api/auth/refresh': () => ({ body: testSession() }),
      'GET /api/auth/me': () => ({ body: testSession().user }),
      'POST /api/auth/sign-out': () => (fail ? { status: 503 } : { status: 204 }),
    });
    renderAuthApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Sam!' });

    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Sign out failed')).toBeVisible();
    expect(location()).toBe('/dashboard');

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(location()).toBe('/'));
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });
});
