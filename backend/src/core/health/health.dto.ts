import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

/** Up or down only: the reason a dependency is down goes to the log, not to the public. */
const dependency = z.object({ status: z.enum(['up', 'down']) });

export const healthReportSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: dependency,
  redis: dependency,
});

export class HealthReportDto extends createZodDto(healthReportSchema) {}
export type DependencyHealth = z.infer<typeof dependency>;

export class LivenessDto extends createZodDto(z.object({ status: z.literal('ok') })) {}
