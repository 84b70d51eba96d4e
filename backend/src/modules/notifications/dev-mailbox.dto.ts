import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export const devMailboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  sentAt: z.string().describe('ISO 8601'),
});

export class DevMailboxEntryDto extends createZodDto(devMailboxEntrySchema) {}
