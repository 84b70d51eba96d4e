import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router';
import type { PlanId } from '@rafter/domain/plans';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useCheckoutRedirect, type SessionState } from '../hooks/use-checkout-redirect';

interface CheckoutRedirectProps {
  plan: PlanId | null;
  session: SessionState;
}

/** The `/subscribe` status screen: a spinner and one message, announced as it changes. */
export function CheckoutRedirect({ plan, session }: CheckoutRedirectProps) {
  const { state, planName } = useCheckoutRedirect(plan, session);
  if (state.kind === 'sign-in') return <Navigate to={state.to} replace />;

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        px: 3,
        textAlign: 'center',
        bgcolor: 'grey.50',
      }}
    >
      <Typography variant="h1" sx={visuallyHidden}>
        {planName ? `Subscribe to ${planName}` : 'Subscribe'}
      </Typography>
      {state.kind === 'failed' ? (
        <Alert severity="error" role="alert" sx={{ maxWidth: 480 }}>
          {state.message}
        </Alert>
      ) : (
        <>
          <CircularProgress aria-hidden size={48} />
          <Typography
            role="status"
            aria-live="polite"
            sx={{ fontWeight: 600, fontSize: '1.125rem' }}
          >
            {state.message}
          </Typography>
        </>
      )}
    </Box>
  );
}
