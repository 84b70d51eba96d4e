import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { APP_ROUTES } from '@rafter/domain/routes';
import buttons from '../../../components/button.module.css';
import { useAuthDialog } from '../hooks/use-auth-dialog';
import { useAuth } from '../session/auth-context';
import styles from './auth-buttons.module.css';

// Only a failed sign-out needs it: its code stays out of the pages' first load.
const SignOutFailedNotice = lazy(() => import('./SignOutFailedNotice'));

const contained = `${buttons.button} ${buttons.contained} ${styles.compact}`;
const text = `${buttons.button} ${buttons.text} ${styles.compact}`;

/**
 * Signed out: Sign In and Get Started. Signed in: Dashboard and Sign Out (spec section 2). Plain
 * buttons (components/button.module.css): the landing page's header shows them without MUI.
 */
export function HeaderAuthButtons() {
  const { status, signOut } = useAuth();
  const dialog = useAuthDialog();
  const [signOutFailed, setSignOutFailed] = useState(false);

  if (status === 'signed-in') {
    return (
      <div className={styles.row}>
        <RouterLink to={APP_ROUTES.dashboard} className={contained}>
          Dashboard
        </RouterLink>
        <button
          type="button"
          className={text}
          onClick={() => {
            setSignOutFailed(false);
            signOut().catch(() => setSignOutFailed(true));
          }}
        >
          Sign Out
        </button>
        {signOutFailed && (
          <Suspense fallback={null}>
            <SignOutFailedNotice onClose={() => setSignOutFailed(false)} />
          </Suspense>
        )}
      </div>
    );
  }

  // While the session is being checked the buttons keep their place but stay out of reach, so
  // a signed-in contractor never sees them flash.
  const hidden = status === 'loading';
  return (
    <div
      aria-hidden={hidden || undefined}
      className={styles.row}
      style={{ visibility: hidden ? 'hidden' : 'visible' }}
      onPointerEnter={dialog.preload}
      onFocus={dialog.preload}
    >
      <button type="button" className={text} onClick={() => dialog.open('signin')}>
        Sign In
      </button>
      <button type="button" className={contained} onClick={() => dialog.open('signup')}>
        Get Started
      </button>
    </div>
  );
}
