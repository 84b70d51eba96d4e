import { followupSettingsSchema } from '@rafter/domain/followups';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class FollowupSettingsDto extends createZodDto(followupSettingsSchema) {}

export class FollowupSettingsViewDto extends createZodDto(
  z.object({
    estimateEmail: z.boolean().describe("'E-mail homeowners their estimate'"),
    phone: z.string().nullable().describe('The number homeowners are asked to call: 10 digits'),
  }),
) {}
