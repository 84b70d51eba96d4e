import { serviceAreaSchema } from '@rafter/domain/service-area';
import { businessProfileSchema, LEAD_TYPES } from '@rafter/domain/settings';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class UpdateBusinessProfileDto extends createZodDto(businessProfileSchema) {}

export class BusinessProfileViewDto extends createZodDto(
  z.object({
    businessName: z.string().nullable(),
    address: z.string().nullable(),
    areasOfService: z
      .array(serviceAreaSchema)
      .describe(
        'One entry each, shown as `label` (as typed); a `place` entry still needs its state',
      ),
    idealCustomerProfile: z.string().nullable(),
    idealCustomerValue: z.number().nullable(),
    leadsPerDay: z.number().int(),
    leadType: z.enum(LEAD_TYPES),
    notifyNewLeads: z.boolean(),
    newLeadReminderMinutes: z
      .number()
      .int()
      .describe('Minutes of business hours a lead may stay New before a reminder; 0 is off'),
    timezone: z.string().nullable(),
    logoUrl: z.string().nullable(),
  }),
) {}

export class LogoUrlDto extends createZodDto(z.object({ logoUrl: z.string() })) {}
