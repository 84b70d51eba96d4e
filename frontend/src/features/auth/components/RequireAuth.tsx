import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Navigate } from 'react-router';
import { APP_ROUTES } from '@rafter/domain/routes';
import { useAuth } from '../session/auth-context';

/** Signed-in contractors only: a spinner while the session is checked, else back to `/`. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'signed-out') return <Navigate to={APP_ROUTES.home} replace />;
  if (status === 'loading') {
    return (
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label="Checking your session" />
      </Box>
    );
  }
  return children;
}
