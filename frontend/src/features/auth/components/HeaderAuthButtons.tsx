import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { AUTH_FALLBACKS } from '@rafter/domain/auth-session';
import { APP_ROUTES } from '@rafter/domain/routes';
import { useAuthDialog } from '../hooks/use-auth-dialog';
import { useAuth } from '../session/auth-context';

// Only a failed sign-out needs it: its code stays out of the pages' first load.
const Snackbar = lazy(() => import('@mui/material/Snackbar'));

const compact = { px: { xs: 1.25, sm: 2.25 }, whiteSpace: 'nowrap' } as const;

/** Signed out: Sign In and Get Started. Signed in: Dashboard and Sign Out (spec section 2). */
export function HeaderAuthButtons() {
  const { status, signOut } = useAuth();
  const dialog = useAuthDialog();
  const [signOutFailed, setSignOutFailed] = useState(false);

  if (status === 'signed-in') {
    return (
      <Box sx={{ display: 'flex', gap: { xs: 0.5, sm: 1 } }}>
        <Button component={RouterLink} to={APP_ROUTES.dashboard} variant="contained" sx={compact}>
          Dashboard
        </Button>
        <Button
          color="inherit"
          sx={compact}
          onClick={() => {
            setSignOutFailed(false);
            signOut().catch(() => setSignOutFailed(true));
          }}
        >
          Sign Out
        </Button>
        {signOutFailed && (
          <Suspense fallback={null}>
            <Snackbar
              open
              autoHideDuration={5000}
              onClose={() => setSignOutFailed(false)}
              message={AUTH_FALLBACKS.signOut}
            />
          </Suspense>
        )}
      </Box>
    );
  }

  // While the session is being checked the buttons keep their place but stay out of reach, so
  // a signed-in contractor never sees them flash.
  const hidden = status === 'loading';
  return (
    <Box
      aria-hidden={hidden || undefined}
      sx={{ display: 'flex', gap: { xs: 0.5, sm: 1 }, visibility: hidden ? 'hidden' : 'visible' }}
      onPointerEnter={dialog.preload}
      onFocus={dialog.preload}
    >
      <Button color="inherit" sx={compact} onClick={() => dialog.open('signin')}>
        Sign In
      </Button>
      <Button variant="contained" sx={compact} onClick={() => dialog.open('signup')}>
        Get Started
      </Button>
    </Box>
  );
}
