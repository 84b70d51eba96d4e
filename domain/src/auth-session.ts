// The zod-free part of accounts: constants, API shapes, error texts and display helpers. Pages
// that only need these (every page, through the session) do not download the schema library;
// `./auth` re-exports all of it with the schemas.

/**
 * New passwords: at least 10 characters (spec section 5 said 6; raised against guessing), and the
 * server also refuses the most common ones. The upper bound stops huge inputs costing hash time.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** Lifetimes of the credentials the API issues (spec section 9, auth backend). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const CONFIRM_EMAIL_TOKEN_TTL_HOURS = 24;
export const RESET_PASSWORD_TOKEN_TTL_MINUTES = 60;

/**
 * Browser-side names from spec section 3: the plan chosen before signing in (localStorage), the
 * flag marking a pending Google return (sessionStorage), and the name the tabs of one browser use
 * to share sign-in and sign-out (BroadcastChannel and Web Locks).
 */
export const SELECTED_PLAN_STORAGE_KEY = 'selectedPlan';
export const OAUTH_REDIRECT_FLAG = 'oauth_redirect';
export const AUTH_STORAGE_KEY = 'roofing-estimator-auth';

/** The refresh token's cookie: httpOnly, SameSite=Strict, sent only to /api/auth. */
export const REFRESH_COOKIE_NAME = 'rafter_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

/** Frontend refresh: this long before the access token expires, retrying from 200 ms, doubling. */
export const REFRESH_AHEAD_SECONDS = 60;
export const REFRESH_RETRY_BASE_MS = 200;
export const REFRESH_RETRY_ATTEMPTS = 6;

/** The signed-in contractor as the API describes them. */
export interface AuthUser {
  id: string;
  email: string;
  fullName: string | null;
  emailConfirmed: boolean;
  createdAt: string;
}

/**
 * Answer of sign-in, refresh and e-mail confirmation. The refresh token travels only in the
 * httpOnly cookie; the access token is kept in memory by the page.
 */
export interface AuthSession {
  accessToken: string;
  tokenType: 'bearer';
  /** Seconds the access token is valid from issue. */
  expiresIn: number;
  /** Unix time (seconds) when the access token expires. */
  expiresAt: number;
  user: AuthUser;
}

/** GET /api/auth/options: what the sign-in dialog may offer. */
export interface AuthOptions {
  google: { enabled: boolean; demo: boolean };
  /** Demo mode only: the seeded contractor's credentials, shown in the dialog. */
  demoAccount: { email: string; password: string } | null;
}

/**
 * Error codes of the auth API and the text each one shows (spec section 8, verbatim). The API
 * answers `{ error: <text>, code }`, so both sides agree without a translation table in the UI.
 */
export const AUTH_ERRORS = {
  invalid_credentials: 'Username or password is wrong',
  email_not_confirmed: 'Please check your email to confirm your account',
  user_already_exists: 'An account with this email already exists',
  rate_limited: 'Rate limit exceeded. Please try again in a few minutes.',
  invalid_link: 'This link is invalid or has expired. Please request a new one.',
  session_missing: 'Your session has ended. Please sign in again.',
  google_unavailable: 'Google sign-in is not available',
  google_failed: 'Failed to sign in with Google',
  google_email_unverified: 'Your Google account e-mail is not verified',
  google_link_required:
    'An account with this e-mail already exists. Sign in with your password once to link your ' +
    'Google account; from then on, Continue with Google works too. No password yet? Use ' +
    '"Forgot password?" to set one.',
  password_too_common: 'This password is too common. Choose another.',
} as const;
export type AuthErrorCode = keyof typeof AUTH_ERRORS;

/** Fallback texts of spec section 8 for each auth action, and the network failure text. */
export const AUTH_FALLBACKS = {
  signIn: 'Failed to sign in',
  signUp: 'Failed to sign up',
  forgot: 'Failed to send reset password email',
  google: 'Failed to sign in with Google',
  reset: 'Failed to send reset email',
  signOut: 'Sign out failed',
  generic: 'An error occurred',
  network: 'Connection error',
} as const;

/** What a failed auth call shows: the rate-limit text for any 429, else the server's own text. */
export function authErrorText(
  error: { status: number; message?: string } | null | undefined,
  fallback: string = AUTH_FALLBACKS.generic,
): string {
  if (!error) return fallback;
  if (error.status === 0) return AUTH_FALLBACKS.network;
  if (error.status === 429) return AUTH_ERRORS.rate_limited;
  return error.message?.trim() ? error.message : fallback;
}

/** Header name: the full name, else the e-mail's local part, else 'User' (spec section 2). */
export function displayName(user: Pick<AuthUser, 'fullName' | 'email'> | null | undefined): string {
  const name = user?.fullName?.trim();
  if (name) return name;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'User';
}

/** The avatar's initial. */
export function avatarInitial(
  user: Pick<AuthUser, 'fullName' | 'email'> | null | undefined,
): string {
  return displayName(user).charAt(0).toUpperCase();
}
