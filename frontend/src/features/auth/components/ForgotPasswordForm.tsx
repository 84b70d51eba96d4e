import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  AUTH_FALLBACKS,
  authErrorText,
  emailOnlySchema,
  type EmailOnlyPayload,
} from '@rafter/domain/auth';
import { useForgotPassword } from '../api/forgot-password';
import { toAuthError } from '../utils/auth-error';
import { AuthForm } from './AuthForm';
import { AuthTextField } from './AuthTextField';

export function ForgotPasswordForm({ onBackToSignIn }: { onBackToSignIn: () => void }) {
  const forgot = useForgotPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailOnlyPayload>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });

  const submit = async (values: EmailOnlyPayload) => {
    setFailure(null);
    try {
      await forgot.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      setFailure(authErrorText(toAuthError(error), AUTH_FALLBACKS.forgot));
    }
  };

  if (sentTo) {
    return (
      <Box>
        <Alert severity="success" sx={{ mb: 3 }}>
          We&apos;ve sent a password reset link to <strong>{sentTo}</strong>
        </Alert>
        <Button variant="contained" size="large" fullWidth onClick={onBackToSignIn} autoFocus>
          Back to Sign In
        </Button>
      </Box>
    );
  }

  return (
    <AuthForm
      onSubmit={handleSubmit(submit)}
      submitLabel="Send Reset Link"
      submitting={isSubmitting}
      failure={failure}
    >
      <AuthTextField
        registration={register('email')}
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        error={errors.email}
      />
    </AuthForm>
  );
}
