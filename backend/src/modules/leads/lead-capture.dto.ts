import {
  captureLeadPayloadSchema,
  demoRequestPayloadSchema,
  formTokenQuerySchema,
  mainSiteLeadPayloadSchema,
} from '@rafter/domain/lead';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class CaptureLeadDto extends createZodDto(captureLeadPayloadSchema) {}

export class MainSiteLeadDto extends createZodDto(mainSiteLeadPayloadSchema) {}

/** The server's own numbers for the stored lead; the client's are never stored. */
export class CapturedLeadDto extends createZodDto(
  z.object({
    id: z.uuid(),
    /** Square feet. */
    roofArea: z.number().int(),
    /** Whole dollars. */
    estimate: z.object({ low: z.number().int(), mid: z.number().int(), high: z.number().int() }),
    /** 0-100. */
    score: z.number().int(),
    /**
     * Books a roof inspection for this request (GET /api/booking/offer, POST /api/booking); null
     * for the main site's requests, which have no contractor yet.
     */
    bookingToken: z.string().nullable(),
  }),
) {}

export class FormTokenQueryDto extends createZodDto(formTokenQuerySchema) {}

/** An ALTCHA v2 challenge: PBKDF2 parameters, the key prefix to find, and its signature. */
const challengeSchema = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});

export class FormTokenDto extends createZodDto(
  z.object({
    /** Send as formToken with the quote request; single use. */
    token: z.string(),
    /** Seconds until it expires. */
    expiresIn: z.number().int(),
    /** Solve it and send the solution as challengeSolution; null unless the calculator is busy. */
    challenge: challengeSchema.nullable(),
  }),
) {}

export class ChallengeRequiredDto extends createZodDto(
  z.object({
    error: z.string(),
    code: z.literal('challenge_required'),
    challenge: challengeSchema,
  }),
) {}

export class DemoRequestDto extends createZodDto(demoRequestPayloadSchema) {}

/** The numbers a demo request would have got; nothing was stored, so there is no id. */
export class DemoRequestAnswerDto extends createZodDto(
  z.object({
    demo: z.literal(true),
    roofArea: z.number().int(),
    estimate: z.object({ low: z.number().int(), mid: z.number().int(), high: z.number().int() }),
    score: z.number().int(),
  }),
) {}
