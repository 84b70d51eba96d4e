import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { useAuthOptions } from '../api/options';
import type { AuthDialogMode, AuthDialogNotice } from '../hooks/use-auth-dialog';
import { CheckEmailView } from './CheckEmailView';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { GoogleSignInButton } from './GoogleSignInButton';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';
import { AppTheme } from '../../../components/AppTheme';

type View = { mode: AuthDialogMode } | { mode: 'check-email'; email: string };

const TITLES: Record<View['mode'], string> = {
  signin: 'Sign In',
  signup: 'Sign Up',
  forgot: 'Reset Password',
  'check-email': 'Check Your Email',
};

const INTROS: Record<AuthDialogMode, string> = {
  signin: 'Welcome back. Sign in to manage your leads and calculator.',
  signup: 'Create your account to put the instant estimate calculator on your website.',
  forgot: "Enter your account's e-mail and we'll send you a link to choose a new password.",
};

export interface AuthDialogProps {
  open: boolean;
  initialMode: AuthDialogMode;
  notice: AuthDialogNotice | undefined;
  onClose: () => void;
  onSignedIn: () => void;
}

/** Sign In, Sign Up and Reset Password in one dialog; switching mode starts a blank form. */
function AuthDialogContent({
  open,
  initialMode,
  notice: initialNotice,
  onClose,
  onSignedIn,
}: AuthDialogProps) {
  const titleId = useId();
  const introId = useId();
  const [view, setView] = useState<View>({ mode: initialMode });
  const [notice, setNotice] = useState(initialNotice);
  const options = useAuthOptions();

  const switchTo = (mode: AuthDialogMode) => {
    setNotice(undefined);
    setView({ mode });
  };

  const google = options.data?.google;
  const showGoogle = google?.enabled === true && (view.mode === 'signin' || view.mode === 'signup');

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      aria-describedby={view.mode === 'check-email' ? undefined : introId}
      sx={{ '& .MuiDialog-paper': { mx: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)' } } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7, pt: 3, fontSize: '1.5rem', fontWeight: 800 }}>
        {TITLES[view.mode]}
      </DialogTitle>
      <IconButton
        aria-label="Close"
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 16, color: 'text.secondary' }}
      >
        <CloseRoundedIcon />
      </IconButton>
      <DialogContent sx={{ pb: 3 }}>
        {view.mode === 'check-email' ? (
          <CheckEmailView email={view.email} onSignIn={() => switchTo('signin')} />
        ) : (
          <>
            <Typography id={introId} color="textSecondary" sx={{ mb: 2.5 }}>
              {INTROS[view.mode]}
            </Typography>
            {notice && (
              <Alert severity={notice.severity} sx={{ mb: 2 }}>
                {notice.text}
              </Alert>
            )}
            {view.mode === 'signin' && (
              <SignInForm
                key="signin"
                demoAccount={options.data?.demoAccount ?? null}
                onForgotPassword={() => switchTo('forgot')}
                onSignedIn={onSignedIn}
              />
            )}
            {view.mode === 'signup' && (
              <SignUpForm
                key="signup"
                onSignedUp={(email) => {
                  setNotice(undefined);
                  setView({ mode: 'check-email', email });
                }}
              />
            )}
            {view.mode === 'forgot' && (
              <ForgotPasswordForm key="forgot" onBackToSignIn={() => switchTo('signin')} />
            )}
            {showGoogle && (
              <Box sx={{ mt: 2.5 }}>
                <Divider sx={{ mb: 2.5, color: 'text.secondary', fontSize: '0.875rem' }}>
                  or
                </Divider>
                <GoogleSignInButton demo={google.demo} />
              </Box>
            )}
            <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
              {view.mode === 'signup' ? 'Already have an account? ' : null}
              {view.mode === 'signin' ? "Don't have an account? " : null}
              {view.mode === 'forgot' ? 'Remembered it? ' : null}
              <Link
                component="button"
                type="button"
                variant="body2"
                sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
                onClick={() => switchTo(view.mode === 'signin' ? 'signup' : 'signin')}
              >
                {view.mode === 'signin' ? 'Sign Up' : 'Sign In'}
              </Link>
            </Typography>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The dialog with the app's theme: it loads on demand, on pages drawn without MUI too. */
export default function AuthDialog(props: AuthDialogProps) {
  return (
    <AppTheme>
      <AuthDialogContent {...props} />
    </AppTheme>
  );
}
