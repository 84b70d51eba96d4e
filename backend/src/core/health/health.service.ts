import { Injectable, Logger } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { RedisService } from '../redis/redis.service';
import { type DependencyHealth, type HealthReportDto } from './health.dto';

const TIMEOUT_MS = 1500;

interface Probe {
  health: DependencyHealth;
  latencyMs: number;
  error?: string;
}

async function probe(check: () => Promise<unknown>): Promise<Probe> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)),
          TIMEOUT_MS,
        );
      }),
    ]);
    return { health: { status: 'up' }, latencyMs: latency() };
  } catch (error) {
    return {
      health: { status: 'down' },
      latencyMs: latency(),
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health is public (balancers and monitors call it without credentials), so it answers
 * up or down only. Why a dependency is down (driver messages name hosts, ports, users and
 * databases) goes to the log.
 */
@Injectable()
export class HealthService {
  private readonly logger = new Logger(HealthService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly redis: RedisService,
  ) {}

  async check(): Promise<HealthReportDto> {
    const [database, redis] = await Promise.all([
      probe(() => this.prisma.$queryRaw`SELECT 1`),
      probe(() => this.redis.client.ping()),
    ]);
    for (const [name, result] of [
      ['database', database],
      ['redis', redis],
    ] as const) {
      if (result.error) {
        this.logger.warn(
          { dependency: name, latencyMs: result.latencyMs, err: result.error },
          'Health check: dependency down',
        );
      }
    }
    const status =
      database.health.status === 'up' && redis.health.status === 'up' ? 'ok' : 'degraded';
    return { status, database: database.health, redis: redis.health };
  }
}
