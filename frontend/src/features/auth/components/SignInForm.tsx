import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  AUTH_FALLBACKS,
  authErrorText,
  signInSchema,
  type AuthOptions,
  type SignInPayload,
} from '@rafter/domain/auth';
import { useResendConfirmation } from '../api/resend-confirmation';
import { useSignIn } from '../api/sign-in';
import { authErrorCode, toAuthError } from '../utils/auth-error';
import { AuthForm } from './AuthForm';
import { AuthTextField } from './AuthTextField';

interface SignInFormProps {
  demoAccount: AuthOptions['demoAccount'];
  onForgotPassword: () => void;
  onSignedIn: () => void;
}

interface Failure {
  text: string;
  /** Set when the password was right but the address is not confirmed yet. */
  unconfirmedEmail: string | null;
}

export function SignInForm({ demoAccount, onForgotPassword, onSignedIn }: SignInFormProps) {
  const signIn = useSignIn();
  const resend = useResendConfirmation();
  const [failure, setFailure] = useState<Failure | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<SignInPayload>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });

  const submit = async (values: SignInPayload) => {
    setFailure(null);
    resend.reset();
    try {
      await signIn.mutateAsync(values);
      onSignedIn();
    } catch (error) {
      setFailure({
        text: authErrorText(toAuthError(error), AUTH_FALLBACKS.signIn),
        unconfirmedEmail: authErrorCode(error) === 'email_not_confirmed' ? values.email : null,
      });
    }
  };

  const fillDemoAccount = () => {
    if (!demoAccount) return;
    setValue('email', demoAccount.email, { shouldValidate: true });
    setValue('password', demoAccount.password, { shouldValidate: true });
  };

  return (
    <AuthForm
      onSubmit={handleSubmit(submit)}
      submitLabel="Sign In"
      submitting={isSubmitting}
      notices={
        <>
          {demoAccount && (
            <Alert severity="info" role="note" sx={{ mb: 2 }}>
              Demo mode: sign in as the sample contractor.
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'auto minmax(0, 1fr)',
                  columnGap: 1.5,
                  rowGap: 0.25,
                  my: 1,
                  '& dd': { m: 0, fontWeight: 700, overflowWrap: 'anywhere' },
                }}
              >
                <dt>Email</dt>
                <dd>{demoAccount.email}</dd>
                <dt>Password</dt>
                <dd>{demoAccount.password}</dd>
              </Box>
              <Button
                size="small"
                variant="outlined"
                color="inherit"
                onClick={fillDemoAccount}
                sx={{ bgcolor: 'background.paper' }}
              >
                Use the demo account
              </Button>
            </Alert>
          )}
          {failure && (
            <Alert
              severity="error"
              sx={{ mb: 2 }}
              action={
                failure.unconfirmedEmail && !resend.isSuccess ? (
                  <Button
                    color="inherit"
                    size="small"
                    loading={resend.isPending}
                    onClick={() => resend.mutate({ email: failure.unconfirmedEmail ?? '' })}
                  >
                    Resend confirmation email
                  </Button>
                ) : undefined
              }
            >
              {failure.text}
            </Alert>
          )}
          {resend.isSuccess && failure?.unconfirmedEmail && (
            <Alert severity="success" sx={{ mb: 2 }}>
              We&apos;ve sent a new confirmation link to {failure.unconfirmedEmail}
            </Alert>
          )}
          {resend.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {authErrorText(toAuthError(resend.error), AUTH_FALLBACKS.generic)}
            </Alert>
          )}
        </>
      }
      beforeSubmit={
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -0.5, mb: 2 }}>
          <Link component="button" type="button" variant="body2" onClick={onForgotPassword}>
            Forgot password?
          </Link>
        </Box>
      }
    >
      <AuthTextField
        registration={register('email')}
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        error={errors.email}
      />
      <AuthTextField
        registration={register('password')}
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
      />
    </AuthForm>
  );
}
