import { expect, test, type Page } from './test';
import { expectAccessible, expectNoSidewaysScroll } from './accessibility';
import { signInByApi, signUpByApi } from './contractor';
import { headerAccountButton } from './landing-header';
import { linkIn, uniqueEmail, waitForMail } from './mailbox';

const DEMO = { email: 'demo@rafter.app', password: 'rafter-demo', name: 'Dana Whitfield' };

const header = (page: Page) => page.getByRole('banner');
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function openSignIn(page: Page) {
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Sign In' }).click();
  return dialog(page, 'Sign In');
}

async function fillSignIn(page: Page, email: string, password: string) {
  const signIn = dialog(page, 'Sign In');
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill(password);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signUp(page: Page, fullName: string, email: string, password: string) {
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Get Started' }).click();
  const form = dialog(page, 'Sign Up');
  await form.getByLabel('Full Name').fill(fullName);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog(page, 'Check Your Email')).toContainText(
    `We've sent a verification link to ${email}`,
  );
}

async function expectDashboardFor(page: Page, name: string) {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(header(page)).toContainText(name);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Welcome, ${name.split(' ')[0]}!`,
  );
}

test('sign up, confirm from the e-mail, sign in and land on the dashboard', async ({ page }) => {
  const email = uniqueEmail('signup');
  await signUp(page, 'Avery Stone', email, 'shingles-42');

  const mail = await waitForMail(email);
  const confirmLink = linkIn(mail, /\/api\/auth\/confirm-email\?token=/);
  expect(mail.html).toContain(confirmLink.replace(/&/g, '&amp;'));

  await page.goto(confirmLink);
  const signIn = dialog(page, 'Sign In');
  await expect(signIn.getByRole('alert')).toHaveText(
    'Your email is confirmed. Sign in to continue.',
  );
  await expect(page).toHaveURL(/\/$/);

  await fillSignIn(page, email, 'shingles-42');
  await expectDashboardFor(page, 'Avery Stone');

  // Opening the link again says the same; a link that was never issued does not work.
  await page.goto(confirmLink);
  await expect(dialog(page, 'Sign In').getByRole('alert')).toHaveText(
    'Your email is confirmed. Sign in to continue.',
  );
  await page.goto('/api/auth/confirm-email?token=never-issued-0123456789abcdef');
  await expect(dialog(page, 'Sign In').getByRole('alert')).toHaveText(
    'This link is invalid or has expired. Please request a new one.',
  );
});

test('signing in from the landing page opens the dashboard in a new document with the opener policy', async ({
  page,
}) => {
  // The landing page goes without Cross-Origin-Opener-Policy (its first paint on a phone); the
  // dashboard must never run in that document.
  const landing = await page.goto('/');
  expect(landing?.headers()['cross-origin-opener-policy']).toBeUndefined();
  await header(page).getByRole('button', { name: 'Sign In' }).click();
  await page.evaluate(() => Object.assign(window, { landingDocument: true }));

  const dashboardDocument = page.waitForResponse(
    (response) =>
      response.request().resourceType() === 'document' &&
      new URL(response.url()).pathname === '/dashboard',
  );
  await fillSignIn(page, DEMO.email, DEMO.password);
  expect((await dashboardDocument).headers()['cross-origin-opener-policy']).toBe('same-origin');
  await expectDashboardFor(page, DEMO.name);
  expect(await page.evaluate(() => 'landingDocument' in window)).toBe(false);

  // Back returns to the landing page, which knows the visitor is signed in.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('a wrong password shows "Username or password is wrong"', async ({ page }) => {
  await openSignIn(page);
  await fillSignIn(page, DEMO.email, 'not-the-password');

  await expect(dialog(page, 'Sign In').getByRole('alert')).toHaveText(
    'Username or password is wrong',
  );
  await expect(page).toHaveURL(/\/$/);
});

test('an unconfirmed account is asked to confirm, and can have the e-mail sent again', async ({
  page,
}) => {
  const email = uniqueEmail('unconfirmed');
  await signUp(page, 'Blake Unconfirmed', email, 'gutters-77');
  await waitForMail(email);
  await dialog(page, 'Check Your Email').getByRole('button', { name: 'Back to Sign In' }).click();

  await fillSignIn(page, email, 'gutters-77');
  const signIn = dialog(page, 'Sign In');
  await expect(signIn.getByRole('alert').first()).toContainText(
    'Please check your email to confirm your account',
  );

  await signIn.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(signIn).toContainText(`We've sent a new confirmation link to ${email}`);
  await waitForMail(email, 2);
});

test('forgot password: the e-mailed link resets it, once, and the new password signs in', async ({
  page,
}) => {
  const email = uniqueEmail('forgot');
  // Signing up is the first test's subject; this one starts at the confirmation link.
  await signUpByApi(page, 'Casey Forgot', email, 'old-password-1');
  await page.goto(linkIn(await waitForMail(email), /\/api\/auth\/confirm-email\?token=/));

  const signIn = dialog(page, 'Sign In');
  await signIn.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = dialog(page, 'Reset Password');
  await expect(forgot.getByLabel('Email')).toHaveValue('');
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(forgot.getByRole('alert')).toHaveText(
    `We've sent a password reset link to ${email}`,
  );

  const resetLink = linkIn(await waitForMail(email, 2), /\/reset-password#token=/);
  await page.goto(resetLink);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  await expect(page).toHaveURL(/\/reset-password$/);

  await page.getByLabel('New Password', { exact: true }).fill('new-password-2');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('new-password-2');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your password is updated');

  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog(page, 'Sign In')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await fillSignIn(page, email, 'new-password-2');
  await expectDashboardFor(page, 'Casey Forgot');

  await page.goto(resetLink);
  await page.getByLabel('New Password', { exact: true }).fill('third-password-3');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('third-password-3');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This link is invalid or has expired. Please request a new one.',
  );
  await page.getByRole('button', { name: 'Request a new link' }).click();
  await expect(dialog(page, 'Reset Password')).toBeVisible();
});

test('Continue with Google signs in through the fake provider and lands on the dashboard', async ({
  page,
}) => {
  const signIn = await openSignIn(page);
  await expect(signIn).toContainText('Demo mode');
  await signIn.getByRole('button', { name: 'Continue with Google' }).click();

  await expectDashboardFor(page, 'Jordan Demo');
  expect(await page.evaluate(() => sessionStorage.getItem('oauth_redirect'))).toBeNull();
});

/**
 * Keeps POST /api/checkout waiting, so the subscribe page stays put instead of moving on to the
 * payment page (e2e/billing.spec.ts follows the checkout itself).
 */
async function holdCheckout(page: Page) {
  await page.route('**/api/checkout', () => {});
}

test('/?auth=true&plan=smart opens sign-up, and signing in continues to that plan', async ({
  page,
}) => {
  await holdCheckout(page);
  await page.goto('/?auth=true&plan=smart');
  const signUpDialog = dialog(page, 'Sign Up');
  await expect(signUpDialog).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('selectedPlan'))).toBe('smart');

  await signUpDialog.getByRole('button', { name: 'Sign In' }).click();
  await fillSignIn(page, DEMO.email, DEMO.password);

  await expect(page).toHaveURL(/\/subscribe\?plan=smart$/);
  await expect(page.getByText('Creating checkout session...')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('selectedPlan'))).toBeNull();
});

test('a plan button opens sign-up for a visitor and goes to checkout when signed in', async ({
  page,
}) => {
  await holdCheckout(page);
  await page.goto('/#pricing');
  const pricing = page.getByRole('region', { name: 'Simple month-to-month pricing' });
  await pricing.getByRole('button', { name: 'Choose Instant Estimator' }).click();
  await expect(dialog(page, 'Sign Up')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'Sign Up')).toBeHidden();

  await header(page).getByRole('button', { name: 'Sign In' }).click();
  await fillSignIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/subscribe\?plan=instant$/);

  await page.goto('/#pricing');
  await expect(header(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await pricing.getByRole('button', { name: 'Choose Starter Estimator' }).click();
  await expect(page).toHaveURL(/\/subscribe\?plan=starter$/);
});

test('/dashboard sends a signed-out visitor to the home page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('the session survives a reload and reaches new tabs; Sign Out ends it in every tab', async ({
  context,
}) => {
  const first = await context.newPage();
  // Signing in through the dialog is tested above; here the session is what matters.
  await signInByApi(first, DEMO.email, DEMO.password);
  await first.goto('/dashboard');
  await expectDashboardFor(first, DEMO.name);

  await first.reload();
  await expectDashboardFor(first, DEMO.name);

  const second = await context.newPage();
  await second.goto('/dashboard');
  await expectDashboardFor(second, DEMO.name);

  await second.getByRole('button', { name: 'Sign Out' }).click();
  await expect(second).toHaveURL(/\/$/);
  await expect(header(second).getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(first).toHaveURL(/\/$/);

  await first.goto('/dashboard');
  await expect(first).toHaveURL(/\/$/);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the header and the sign-in and sign-up dialogs fit and pass axe', async ({ page }) => {
    await page.goto('/');
    await expect(await headerAccountButton(page, 'Get Started')).toBeVisible();
    await expectNoSidewaysScroll(page, 'the landing page');

    await (await headerAccountButton(page, 'Sign In')).click();
    const signIn = dialog(page, 'Sign In');
    await expect(signIn.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expectAccessible(page, 'the sign-in dialog', { within: signIn });

    await signIn.getByRole('button', { name: 'Sign Up' }).click();
    const signUpDialog = dialog(page, 'Sign Up');
    await signUpDialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(signUpDialog.getByText('Full name is required')).toBeVisible();
    await expectAccessible(page, 'the sign-up dialog showing errors', { within: signUpDialog });
    await expectNoSidewaysScroll(page, 'the sign-up dialog');
  });

  test('the reset page and the dashboard fit and pass axe', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('button', { name: 'Request a new link' })).toBeVisible();
    await expectAccessible(page, 'the reset page without a token');
    await expectNoSidewaysScroll(page, 'the reset page');

    await page.goto('/');
    await (await headerAccountButton(page, 'Sign In')).click();
    await dialog(page, 'Sign In').getByRole('button', { name: 'Continue with Google' }).click();
    await expectDashboardFor(page, 'Jordan Demo');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expectAccessible(page, 'the dashboard');
    await expectNoSidewaysScroll(page, 'the dashboard');
  });
});
