import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import {
  AUTH_ERRORS,
  AUTH_FALLBACKS,
  PASSWORD_MIN_LENGTH,
  authErrorText,
  resetPasswordFormSchema,
  resetPasswordSchema,
  type ResetPasswordForm,
} from '@rafter/domain/auth';
import { APP_ROUTES } from '@rafter/domain/routes';
import { useResetPassword } from '../api/reset-password';
import { useAuthDialog } from '../hooks/use-auth-dialog';
import { authErrorCode, toAuthError } from '../utils/auth-error';
import { AuthForm } from './AuthForm';
import { AuthTextField } from './AuthTextField';

type Stage = 'form' | 'done' | 'invalid';

const HEADINGS: Record<Stage, string> = {
  form: 'Choose a new password',
  done: 'Your password is updated',
  invalid: 'This reset link does not work',
};

function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && resetPasswordSchema.shape.token.safeParse(token).success ? token : null;
}

/**
 * The reset e-mail's target. The token comes in the fragment, which browsers never send to a
 * server; it is taken out of the address bar at once so it stays out of history and screenshots.
 */
export function ResetPasswordPanel() {
  const location = useLocation();
  const navigate = useNavigate();
  const dialog = useAuthDialog();
  const reset = useResetPassword();
  const [token] = useState(() => tokenFromHash(location.hash));
  const [stage, setStage] = useState<Stage>(token ? 'form' : 'invalid');
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstStage = useRef(stage);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onTouched',
  });

  useEffect(() => {
    if (location.hash) {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    }
  }, [location, navigate]);

  useEffect(() => {
    // Only a change of stage moves focus; the first one is where the visitor arrived.
    if (stage !== firstStage.current) heading.current?.focus();
  }, [stage]);

  const submit = async ({ password }: ResetPasswordForm) => {
    if (!token) return;
    setFailure(null);
    try {
      await reset.mutateAsync({ token, password });
      setStage('done');
    } catch (error) {
      const code = authErrorCode(error);
      if (code === 'invalid_link') setStage('invalid');
      else if (code === 'password_too_common') {
        setError('password', { message: AUTH_ERRORS.password_too_common }, { shouldFocus: true });
      } else setFailure(authErrorText(toAuthError(error), AUTH_FALLBACKS.generic));
    }
  };

  return (
    <Box>
      <Typography
        ref={heading}
        tabIndex={-1}
        variant="h1"
        sx={{ fontSize: { xs: '1.625rem', sm: '2rem' }, outline: 'none' }}
      >
        {HEADINGS[stage]}
      </Typography>

      {stage === 'form' && (
        <Box sx={{ mt: 1 }}>
          <Typography color="textSecondary" sx={{ mb: 3 }}>
            Pick a password of at least {PASSWORD_MIN_LENGTH} characters that others would not
            guess. You will sign in with it from now on.
          </Typography>
          <AuthForm
            onSubmit={handleSubmit(submit)}
            submitLabel="Update Password"
            submitting={isSubmitting}
            failure={failure}
          >
            <AuthTextField
              registration={register('password')}
              label="New Password"
              type="password"
              autoComplete="new-password"
              autoFocus
              error={errors.password}
            />
            <AuthTextField
              registration={register('confirmPassword')}
              label="Confirm New Password"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword}
            />
          </AuthForm>
        </Box>
      )}

      {stage === 'done' && (
        <>
          <Alert severity="success" sx={{ mt: 2, mb: 3 }}>
            You can now sign in with your new password.
          </Alert>
          <Button
            variant="contained"
            size="large"
            fullWidth
            onClick={() => void navigate(`${APP_ROUTES.home}?auth=signin`)}
          >
            Sign In
          </Button>
        </>
      )}

      {stage === 'invalid' && (
        <>
          <Alert severity="error" sx={{ mt: 2, mb: 3 }}>
            {AUTH_ERRORS.invalid_link}
          </Alert>
          <Button variant="contained" size="large" fullWidth onClick={() => dialog.open('forgot')}>
            Request a new link
          </Button>
        </>
      )}
    </Box>
  );
}
