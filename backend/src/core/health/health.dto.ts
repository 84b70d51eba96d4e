import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

const dependency = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number().optional(),
  error: z.string().optional(),
});

export const healthReportSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: dependency,
  redis: dependency,
});

export class HealthReportDto extends createZodDto(healthReportSchema) {}
export type DependencyHealth = z.infer<typeof dependency>;

export class LivenessDto extends createZodDto(z.object({ status: z.literal('ok') })) {}
