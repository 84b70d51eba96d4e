import { captureLeadPayloadSchema, mainSiteLeadPayloadSchema } from '@rafter/domain/lead';
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
  }),
) {}
