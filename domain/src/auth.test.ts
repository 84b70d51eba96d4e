import { describe, expect, it } from 'vitest';
import {
  AUTH_ERRORS,
  AUTH_FALLBACKS,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_TOO_SHORT,
  authErrorText,
  avatarInitial,
  displayName,
  resetPasswordFormSchema,
  signInSchema,
  signUpFormSchema,
  signUpSchema,
} from './auth';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

describe('sign-up payload', () => {
  const valid = { fullName: '  Dana Roofer ', email: 'dana@example.com', password: 'ten-chars!' };

  it('accepts a ten-character password and trims the name', () => {
    expect(signUpSchema.parse(valid)).toEqual({ ...valid, fullName: 'Dana Roofer' });
  });

  it('asks for at least 10 characters', () => {
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 10 characters');
  });

  it.each([
    [{ ...valid, password: 'nine-char' }, PASSWORD_TOO_SHORT],
    [{ ...valid, fullName: '   ' }, 'Full name is required'],
    [{ ...valid, fullName: undefined }, 'Full name is required'],
    [{ ...valid, email: 'not-an-email' }, 'Email must be a valid email address'],
    [{ ...valid, password: undefined }, 'Password is required'],
  ])('refuses %j with %s', (input, message) => {
    expect(firstMessage(signUpSchema.safeParse(input))).toBe(message);
  });

  it('the form requires matching passwords', () => {
    const form = { ...valid, confirmPassword: 'Ten-chars!' };
    expect(firstMessage(signUpFormSchema.safeParse(form))).toBe(PASSWORDS_DO_NOT_MATCH);
    expect(signUpFormSchema.safeParse({ ...form, confirmPassword: 'ten-chars!' }).success).toBe(
      true,
    );
    expect(
      firstMessage(
        resetPasswordFormSchema.safeParse({ password: 'abcdefghij', confirmPassword: 'x' }),
      ),
    ).toBe(PASSWORDS_DO_NOT_MATCH);
    expect(
      firstMessage(
        resetPasswordFormSchema.safeParse({ password: 'abcdefghi', confirmPassword: 'abcdefghi' }),
      ),
    ).toBe(PASSWORD_TOO_SHORT);
  });

  it('sign-in accepts any non-empty password, so old short passwords reach the server', () => {
    expect(signInSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(firstMessage(signInSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(
      'Password is required',
    );
  });
});

describe('authErrorText', () => {
  it.each([
    [{ status: 0, message: 'fetch failed' }, AUTH_FALLBACKS.network],
    [{ status: 429, message: 'Too many requests' }, AUTH_ERRORS.rate_limited],
    [{ status: 401, message: AUTH_ERRORS.invalid_credentials }, AUTH_ERRORS.invalid_credentials],
    [{ status: 500, message: '' }, AUTH_FALLBACKS.signIn],
  ])('%j shows %s', (error, text) => {
    expect(authErrorText(error, AUTH_FALLBACKS.signIn)).toBe(text);
  });

  it('falls back to the generic text', () => {
    expect(authErrorText(null)).toBe('An error occurred');
  });
});

describe('displayName and avatarInitial', () => {
  it.each([
    [{ fullName: 'Dana Roofer', email: 'x@y.z' }, 'Dana Roofer', 'D'],
    [{ fullName: '  ', email: 'sam.smith@example.com' }, 'sam.smith', 'S'],
    [{ fullName: null, email: '' }, 'User', 'U'],
    [null, 'User', 'U'],
  ])('%j → %s (%s)', (user, name, initial) => {
    expect(displayName(user)).toBe(name);
    expect(avatarInitial(user)).toBe(initial);
  });
});
