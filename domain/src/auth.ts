import { z } from 'zod';
import { NAME_MAX_LENGTH, emailSchema, fieldError } from './lead';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
} from './auth-session';

export * from './auth-session';

const passwordSchema = z
  .string({ error: fieldError('Password', 'Password must be text') })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const fullNameSchema = z
  .string({ error: fieldError('Full name', 'Full name must be text') })
  .trim()
  .min(1, 'Full name is required')
  .max(NAME_MAX_LENGTH, `Full name must be at most ${NAME_MAX_LENGTH} characters`);

/** Sign-in checks only presence: a short old password must still reach the server's answer. */
const anyPasswordSchema = z
  .string({ error: fieldError('Password', 'Password must be text') })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const tokenSchema = z
  .string({ error: 'Token is required' })
  .trim()
  .min(16, 'Token is invalid')
  .max(200, 'Token is invalid');

/** POST /api/auth/sign-up */
export const signUpSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpPayload = z.infer<typeof signUpSchema>;

/** The sign-up form adds the confirmation field, checked in the browser only. */
export const signUpFormSchema = signUpSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

/** POST /api/auth/sign-in */
export const signInSchema = z.object({ email: emailSchema, password: anyPasswordSchema });
export type SignInPayload = z.infer<typeof signInSchema>;

/** POST /api/auth/forgot-password and POST /api/auth/resend-confirmation */
export const emailOnlySchema = z.object({ email: emailSchema });
export type EmailOnlyPayload = z.infer<typeof emailOnlySchema>;

/** GET /api/auth/confirm-email?token=… (the link in the confirmation e-mail) */
export const confirmEmailSchema = z.object({ token: tokenSchema });
export type ConfirmEmailPayload = z.infer<typeof confirmEmailSchema>;

/** POST /api/auth/reset-password */
export const resetPasswordSchema = z.object({ token: tokenSchema, password: passwordSchema });
export type ResetPasswordPayload = z.infer<typeof resetPasswordSchema>;

/** The reset-password form adds the confirmation field. */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
