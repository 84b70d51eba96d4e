import {
  AUTH_ERRORS,
  type AuthErrorCode,
  type AuthOptions,
  type AuthSession,
  type AuthUser,
  emailOnlySchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from '@rafter/domain/auth';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class SignUpDto extends createZodDto(signUpSchema) {}

export class SignInDto extends createZodDto(signInSchema) {}

export class EmailOnlyDto extends createZodDto(emailOnlySchema) {}

export class ResetPasswordDto extends createZodDto(resetPasswordSchema) {}

const authUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string().nullable(),
  emailConfirmed: z.boolean(),
  createdAt: z.string().describe('ISO 8601'),
}) satisfies z.ZodType<AuthUser>;

export class AuthUserDto extends createZodDto(authUserSchema) {}

export class AuthSessionDto extends createZodDto(
  z.object({
    accessToken: z.string().describe('JWT for `Authorization: Bearer`; keep it in memory only'),
    tokenType: z.literal('bearer'),
    expiresIn: z.number().int().describe('Seconds the access token is valid from issue'),
    expiresAt: z.number().int().describe('Unix time (seconds) when the access token expires'),
    user: authUserSchema,
  }) satisfies z.ZodType<AuthSession>,
) {}

export class AuthOptionsDto extends createZodDto(
  z.object({
    google: z.object({ enabled: z.boolean(), demo: z.boolean() }),
    demoAccount: z
      .object({ email: z.string(), password: z.string() })
      .nullable()
      .describe('Demo mode only: the seeded contractor to try the product with'),
  }) satisfies z.ZodType<AuthOptions>,
) {}

export class SignUpResultDto extends createZodDto(
  z.object({ email: z.string(), confirmationSent: z.literal(true) }),
) {}

export class AcceptedDto extends createZodDto(z.object({ ok: z.literal(true) })) {}

export class ResetPasswordResultDto extends createZodDto(z.object({ email: z.string() })) {}

export class AuthErrorDto extends createZodDto(
  z.object({
    error: z.string().describe("The spec's text for the code; show it as is"),
    code: z.enum(Object.keys(AUTH_ERRORS) as [AuthErrorCode, ...AuthErrorCode[]]).optional(),
    fields: z.record(z.string(), z.string()).optional().describe('Validation errors by field'),
  }),
) {}
