import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  AUTH_ERRORS,
  AUTH_FALLBACKS,
  authErrorText,
  signUpFormSchema,
  type SignUpForm as SignUpFormValues,
} from '@rafter/domain/auth';
import { useSignUp } from '../api/sign-up';
import { authErrorCode, toAuthError } from '../utils/auth-error';
import { AuthForm } from './AuthForm';
import { AuthTextField } from './AuthTextField';

export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const signUp = useSignUp();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFormValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { fullName: '', email: '', password: '', confirmPassword: '' },
    mode: 'onTouched',
  });

  const submit = async ({ fullName, email, password }: SignUpFormValues) => {
    setFailure(null);
    try {
      const result = await signUp.mutateAsync({ fullName, email, password });
      onSignedUp(result.email);
    } catch (error) {
      // The server knows the common-password list; its verdict belongs under the field.
      if (authErrorCode(error) === 'password_too_common') {
        setError('password', { message: AUTH_ERRORS.password_too_common }, { shouldFocus: true });
      } else {
        setFailure(authErrorText(toAuthError(error), AUTH_FALLBACKS.signUp));
      }
    }
  };

  return (
    <AuthForm
      onSubmit={handleSubmit(submit)}
      submitLabel="Create Account"
      submitting={isSubmitting}
      failure={failure}
    >
      <AuthTextField
        registration={register('fullName')}
        label="Full Name"
        autoComplete="name"
        autoFocus
        error={errors.fullName}
      />
      <AuthTextField
        registration={register('email')}
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email}
      />
      <AuthTextField
        registration={register('password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
      />
      <AuthTextField
        registration={register('confirmPassword')}
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
    </AuthForm>
  );
}
