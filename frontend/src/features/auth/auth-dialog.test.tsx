import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTH_ERRORS, OAUTH_REDIRECT_FLAG, SELECTED_PLAN_STORAGE_KEY } from '@rafter/domain/auth';
import { fakeApi } from '../../test/fake-api';
import { OPTIONS_WITHOUT_GOOGLE, renderAuthApp, testSession } from '../../test/render-auth-app';

const RATE_LIMIT = { error: AUTH_ERRORS.rate_limited, code: 'rate_limited' };

async function openFromHeader(name: 'Sign In' | 'Get Started') {
  const header = await screen.findByRole('banner');
  await userEvent.click(await within(header).findByRole('button', { name }));
  return screen.findByRole('dialog', { name: name === 'Sign In' ? 'Sign In' : 'Sign Up' });
}

async function fillSignIn(dialog: HTMLElement, email: string, password: string) {
  await userEvent.type(within(dialog).getByLabelText('Email'), email);
  await userEvent.type(within(dialog).getByLabelText('Password'), password);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
}

const location = () => screen.getByTestId('location').textContent;

describe('auth dialog', () => {
  it('Sign Up asks for full name, email, password and its confirmation, and checks them', async () => {
    const api = fakeApi({ 'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }) });
    renderAuthApp('/');
    const dialog = await openFromHeader('Get Started');

    await userEvent.type(within(dialog).getByLabelText('Full Name'), 'Sam Roofer');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'nine-char');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'other');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    expect(
      await within(dialog).findByText('Password must be at least 10 characters'),
    ).toBeVisible();
    expect(within(dialog).getByText('Passwords do not match')).toBeVisible();
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /api/auth/sign-up')).toHaveLength(0);
  });

  it('shows a common password refused by the server under the password field', async () => {
    const api = fakeApi({
      'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }),
      'POST /api/auth/sign-up': () => ({
        status: 400,
        body: { error: AUTH_ERRORS.password_too_common, code: 'password_too_common' },
      }),
    });
    renderAuthApp('/');
    const dialog = await openFromHeader('Get Started');

    await userEvent.type(within(dialog).getByLabelText('Full Name'), 'Sam Roofer');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'password123');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'password123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    expect(
      await within(dialog).findByText('This password is too common. Choose another.'),
    ).toBeVisible();
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(password).toHaveFocus());
    expect(api.calls('POST /api/auth/sign-up')).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Check Your Email' })).not.toBeInTheDocument();
  });

  it('after sign-up shows Check Your Email with the address the link went to', async () => {
    const api = fakeApi({
      'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }),
      'POST /api/auth/sign-up': () => ({
        status: 201,
        body: { email: 'sam@example.com', confirmationSent: true },
      }),
    });
    renderAuthApp('/');
    const dialog = await openFromHeader('Get Started');

    await userEvent.type(within(dialog).getByLabelText('Full Name'), '  Sam Roofer ');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'shingles-42');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'shingles-42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    const checkEmail = await screen.findByRole('dialog', { name: 'Check Your Email' });
    expect(checkEmail).toHaveTextContent("We've sent a verification link to sam@example.com");
    expect(api.calls('POST /api/auth/sign-up')[0]?.body).toEqual({
      fullName: 'Sam Roofer',
      email: 'sam@example.com',
      password: 'shingles-42',
    });
  });

  it.each([
    [409, AUTH_ERRORS.user_already_exists, { error: AUTH_ERRORS.user_already_exists }],
    [429, 'Rate limit exceeded. Please try again in a few minutes.', RATE_LIMIT],
    [500, 'Failed to sign up', undefined],
  ])('a %i from sign-up shows "%s"', async (status, text, body) => {
    fakeApi({
      'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }),
      'POST /api/auth/sign-up': () => ({ status, body }),
    });
    renderAuthApp('/');
    const dialog = await openFromHeader('Get Started');

    await userEvent.type(within(dialog).getByLabelText('Full Name'), 'Sam Roofer');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'shingles-42');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'shingles-42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
  });

  it.each([
    [
      'wrong credentials',
      'Username or password is wrong',
      { status: 401, body: { error: AUTH_ERRORS.invalid_credentials } },
    ],
    [
      'a rate limit',
      'Rate limit exceeded. Please try again in a few minutes.',
      { status: 429, body: RATE_LIMIT },
    ],
    ['a server failure without a message', 'Failed to sign in', { status: 502, body: undefined }],
    ['no connection', 'Connection error', 'network' as const],
  ])('%s at sign-in shows "%s"', async (_case, expected, answer) => {
    fakeApi({
      'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }),
      'POST /api/auth/sign-in': () => {
        if (answer === 'network') throw new TypeError('Failed to fetch');
        return answer;
      },
    });
    renderAuthApp('/');
    const dialog = await openFromHeader('Sign In');

    await fillSignIn(dialog, 'sam@example.com', 'shingles-42');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(expected);
  });

  it('offers to resend the confirmation when the e-mail is not confirmed', async () => {
    const api = fakeApi({
      'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }),
      'POST /api/auth/sign-in': () => ({
        status: 403,
        body: { error: AUTH_ERRORS.email_not_confirmed, code: 'email_not_confirmed' },
      }),
      'POST /api/auth/resend-confirmation': () => ({ status: 202, body: { ok: true } }),
    });
    renderAuthApp('/');
    const dialog = await openFromHeader('Sign In');

    await fillSignIn(dialog, 'sam@example.com', 'shingles-42');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please check your email to confirm your account',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Resend confirmation email' }),
    );

    expect(
      await within(dialog).findByText("We've sent a new confirmation link to sam@example.com"),
    ).toBeVisible();
    expect(api.calls('POST /api/auth/resend-confirmation')[0]?.body).toEqual({
      email: 'sam@example.com',
    });
  });

  it('switching mode clears the fields and the error', async () => {
    fakeApi({
      'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }),
      'POST /api/auth/sign-in': () => ({
        status: 401,
        body: { error: AUTH_ERRORS.invalid_credentials },
      }),
    });
    renderAuthApp('/');
    const dialog = await openFromHeader('Sign In');
    await fillSignIn(dialog, 'sam@example.com', 'shingles-42');
    await within(dialog).findByRole('alert');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    const forgot = await screen.findByRole('dialog', { name: 'Reset Password' });
    expect(within(forgot).getByLabelText('Email')).toHaveValue('');
    expect(within(forgot).queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.click(within(forgot).getByRole('button', { name: 'Sign In' }));
    const signIn = await screen.findByRole('dialog', { name: 'Sign In' });
    expect(within(signIn).getByLabelText('Email')).toHaveValue('');
    expect(within(signIn).getByLabelText('Password')).toHaveValue('');
    expect(within(signIn).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Reset Password confirms where the link went, or shows the fallback text', async () => {
    let fail = true;
    fakeApi({
      'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }),
      'POST /api/auth/forgot-password': () =>
        fail ? { status: 500 } : { status: 202, body: { ok: true } },
    });
    renderAuthApp('/');
    const dialog = await openFromHeader('Sign In');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    const forgot = await screen.findByRole('dialog', { name: 'Reset Password' });

    await userEvent.type(within(forgot).getByLabelText('Email'), 'sam@example.com');
    await userEvent.click(within(forgot).getByRole('button', { name: 'Send Reset Link' }));
    expect(await within(forgot).findByRole('alert')).toHaveTextContent(
      'Failed to send reset password email',
    );

    fail = false;
    await userEvent.click(within(forgot).getByRole('button', { name: 'Send Reset Link' }));
    expect(
      await within(forgot).findByText(/We've sent a password reset link to/),
    ).toHaveTextContent("We've sent a password reset link to sam@example.com");
  });

  it('shows Continue with Google and the demo account only when the API offers them', async () => {
    fakeApi({
      'GET /api/auth/options': () => ({
        body: {
          google: { enabled: true, demo: true },
          demoAccount: { email: 'demo@rafter.app', password: 'rafter-demo' },
        },
      }),
    });
    renderAuthApp('/');
    const dialog = await openFromHeader('Sign In');

    expect(
      await within(dialog).findByRole('button', { name: 'Continue with Google' }),
    ).toBeVisible();
    expect(dialog).toHaveTextContent('a local test provider stands in for Google');
    expect(dialog).toHaveTextContent('demo@rafter.app');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Use the demo account' }));
    expect(within(dialog).getByLabelText('Email')).toHaveValue('demo@rafter.app');
    expect(within(dialog).getByLabelText('Password')).toHaveValue('rafter-demo');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    const forgot = await screen.findByRole('dialog', { name: 'Reset Password' });
    expect(within(forgot).queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it('hides Continue with Google when it is not configured', async () => {
    const api = fakeApi({
      'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }),
    });
    renderAuthApp('/');
    const dialog = await openFromHeader('Get Started');

    await waitFor(() => expect(api.calls('GET /api/auth/options')).toHaveLength(1));
    expect(within(dialog).queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });
});

describe('auth links and the plan flow', () => {
  it('?auth=true&plan=smart opens sign-up, stores the plan and cleans the address', async () => {
    fakeApi({ 'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }) });
    renderAuthApp('/?auth=true&plan=smart');

    expect(await screen.findByRole('dialog', { name: 'Sign Up' })).toBeVisible();
    expect(localStorage.getItem(SELECTED_PLAN_STORAGE_KEY)).toBe('smart');
    expect(location()).toBe('/');
  });

  it.each([
    ['confirmed=1', 'Your email is confirmed. Sign in to continue.'],
    ['auth_error=google_failed', 'Failed to sign in with Google'],
    ['auth_error=invalid_link', AUTH_ERRORS.invalid_link],
    ['auth_error=google_link_required', AUTH_ERRORS.google_link_required],
  ])('?auth=signin&%s opens sign-in with "%s"', async (query, text) => {
    fakeApi({ 'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }) });
    renderAuthApp(`/?auth=signin&${query}`);

    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(text);
    expect(location()).toBe('/');
  });

  it('after Google found an existing account, explains how to link it rather than failing', async () => {
    fakeApi({ 'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }) });
    renderAuthApp('/?auth=signin&auth_error=google_link_required');

    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    const notice = within(dialog).getByRole('alert');
    expect(notice).toHaveTextContent('Sign in with your password once to link your Google account');
    expect(notice).toHaveClass('MuiAlert-colorInfo');
    expect(within(dialog).getByLabelText('Password')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Forgot password?' })).toBeVisible();
  });

  it('after sign-in goes to the stored plan checkout and forgets the plan', async () => {
    fakeApi({
      'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }),
      'POST /api/auth/sign-in': () => ({ body: testSession() }),
    });
    renderAuthApp('/');
    const pricing = await screen.findByRole('region', { name: 'Simple month-to-month pricing' });
    await userEvent.click(
      within(pricing).getByRole('button', { name: 'Choose Instant Estimator' }),
    );
    const signUp = await screen.findByRole('dialog', { name: 'Sign Up' });
    await userEvent.click(within(signUp).getByRole('button', { name: 'Sign In' }));

    await fillSignIn(
      await screen.findByRole('dialog', { name: 'Sign In' }),
      'sam@example.com',
      'shingles-42',
    );

    await waitFor(() => expect(location()).toBe('/subscribe?plan=instant'));
    expect(localStorage.getItem(SELECTED_PLAN_STORAGE_KEY)).toBeNull();
  });

  it('after sign-in without a plan goes to the dashboard, which greets the contractor', async () => {
    fakeApi({
      'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }),
      'POST /api/auth/sign-in': () => ({ body: testSession() }),
      'GET /api/auth/me': () => ({ body: testSession().user }),
    });
    renderAuthApp('/');
    const dialog = await openFromHeader('Sign In');
    await fillSignIn(dialog, 'sam@example.com', 'shingles-42');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Sam!' })).toBeVisible();
    expect(location()).toBe('/dashboard');
    expect(within(screen.getByRole('banner')).getByText('Sam Roofer')).toBeVisible();
  });

  it('a signed-in contractor choosing a plan goes straight to its checkout', async () => {
    localStorage.setItem('roofing-estimator-auth', 'signed-in');
    fakeApi({ 'POST /api/auth/refresh': () => ({ body: testSession() }) });
    renderAuthApp('/');

    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Dashboard' })).toBeVisible();
    expect(within(header).getByRole('button', { name: 'Sign Out' })).toBeVisible();
    const pricing = screen.getByRole('region', { name: 'Simple month-to-month pricing' });
    await userEvent.click(within(pricing).getByRole('button', { name: 'Choose Smart Estimator' }));

    await waitFor(() => expect(location()).toBe('/subscribe?plan=smart'));
  });

  it('back from Google: restores the session, clears the flag, continues to the plan', async () => {
    sessionStorage.setItem(OAUTH_REDIRECT_FLAG, '1');
    localStorage.setItem(SELECTED_PLAN_STORAGE_KEY, 'starter');
    const api = fakeApi({ 'POST /api/auth/refresh': () => ({ body: testSession() }) });
    renderAuthApp('/');

    await waitFor(() => expect(location()).toBe('/subscribe?plan=starter'));
    expect(api.calls('POST /api/auth/refresh')).toHaveLength(1);
    expect(sessionStorage.getItem(OAUTH_REDIRECT_FLAG)).toBeNull();
  });

  it('the showSignup event opens sign-up on any page', async () => {
    fakeApi({ 'GET /api/auth/options': () => ({ body: OPTIONS_WITHOUT_GOOGLE }) });
    renderAuthApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });

    act(() => {
      window.dispatchEvent(new Event('showSignup'));
    });

    expect(await screen.findByRole('dialog', { name: 'Sign Up' })).toBeVisible();
  });
});
