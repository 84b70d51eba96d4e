import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MarkEmailReadRoundedIcon from '@mui/icons-material/MarkEmailReadRounded';
import { AUTH_FALLBACKS, authErrorText } from '@rafter/domain/auth-session';
import { useResendConfirmation } from '../api/resend-confirmation';
import { toAuthError } from '../utils/auth-error';

/** After sign-up: where the confirmation went, and what to do next. */
export function CheckEmailView({ email, onSignIn }: { email: string; onSignIn: () => void }) {
  const resend = useResendConfirmation();

  return (
    <Box sx={{ textAlign: 'center' }}>
      <Box
        sx={{
          mx: 'auto',
          mb: 2,
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: '#dcfce7',
          color: 'primary.dark',
        }}
      >
        <MarkEmailReadRoundedIcon aria-hidden sx={{ fontSize: 32 }} />
      </Box>
      <Typography>
        We&apos;ve sent a verification link to <strong>{email}</strong>.
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1 }}>
        Open the link in that e-mail to confirm your account, then sign in.
      </Typography>
      <Typography role="status" variant="body2" sx={{ mt: 2, minHeight: '1.5em' }}>
        {resend.isSuccess && 'A new link is on its way.'}
        {resend.isError && authErrorText(toAuthError(resend.error), AUTH_FALLBACKS.generic)}
      </Typography>
      <Stack spacing={1} sx={{ mt: 1 }}>
        <Button variant="contained" size="large" onClick={onSignIn} autoFocus>
          Back to Sign In
        </Button>
        <Button
          variant="text"
          loading={resend.isPending}
          disabled={resend.isSuccess}
          onClick={() => resend.mutate({ email })}
        >
          Resend the e-mail
        </Button>
      </Stack>
    </Box>
  );
}
