import { textSettingsSchema } from '@rafter/domain/texts';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class UpdateTextSettingsDto extends createZodDto(textSettingsSchema) {}

export class TextSettingsViewDto extends createZodDto(
  z.object({
    mobilePhone: z.string().nullable().describe('E.164, e.g. +15125550100'),
    textNewLeads: z.boolean(),
  }),
) {}
