import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AUTH_ERRORS, AUTH_FALLBACKS } from '@rafter/domain/auth-session';
import { isPlanId } from '@rafter/domain/plans';
import { APP_ROUTES } from '@rafter/domain/routes';
import { useAuth } from '../session/auth-context';
import { isAuthErrorCode } from '../utils/auth-error';
import {
  clearOAuthRedirectFlag,
  isOAuthReturn,
  storeSelectedPlan,
  takePostSignInPath,
} from '../utils/browser-storage';
import { useAuthDialog, type AuthDialogNotice } from './use-auth-dialog';

const AUTH_QUERY_KEYS = ['auth', 'plan', 'confirmed', 'auth_error'] as const;

const EMAIL_CONFIRMED_TEXT = 'Your email is confirmed. Sign in to continue.';

/**
 * The links that land on `/` for the auth flows: `?auth=true&plan=` (sign up for a plan),
 * `?auth=signin` with `confirmed=1` or `auth_error=<code>` (the confirmation link and failed
 * Google returns), and the return from Google itself. The query is removed once read, so a
 * reload or a shared address does not replay it.
 */
export function useLandingAuthLinks(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const { status } = useAuth();
  const dialog = useAuthDialog();
  const [oauthReturn] = useState(() => isOAuthReturn(location));

  useEffect(() => {
    if (!oauthReturn || status === 'loading') return;
    clearOAuthRedirectFlag();
    if (status === 'signed-in') void navigate(takePostSignInPath(), { replace: true });
  }, [oauthReturn, status, navigate]);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!AUTH_QUERY_KEYS.some((key) => params.has(key)) || status === 'loading') return;
    const auth = params.get('auth');
    const plan = params.get('plan');
    const confirmed = params.get('confirmed') === '1';
    const errorCode = params.get('auth_error');
    for (const key of AUTH_QUERY_KEYS) params.delete(key);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );

    if (auth === 'true' || auth === 'signup') {
      if (isPlanId(plan)) {
        storeSelectedPlan(plan);
        if (status === 'signed-in') {
          void navigate(`${APP_ROUTES.subscribe}?plan=${plan}`, { replace: true });
          return;
        }
      }
      dialog.open('signup');
      return;
    }
    let notice: AuthDialogNotice | undefined;
    if (errorCode === 'google_link_required') {
      // Not a failure: the way to link Google to an account the visitor already has.
      notice = { severity: 'info', text: AUTH_ERRORS.google_link_required };
    } else if (errorCode !== null) {
      const text = isAuthErrorCode(errorCode) ? AUTH_ERRORS[errorCode] : AUTH_FALLBACKS.generic;
      notice = { severity: 'error', text };
    } else if (confirmed) {
      notice = { severity: 'success', text: EMAIL_CONFIRMED_TEXT };
    }
    if (auth === 'signin' || notice) dialog.open('signin', notice);
  }, [location, status, navigate, dialog]);
}
