import { Logger } from '@nestjs/common';
import type { PrismaService } from '../database/prisma.service';
import type { RedisService } from '../redis/redis.service';
import { HealthService } from './health.service';

describe('HealthService', () => {
  it('answers up or down only, and logs why a dependency is down', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const prisma = {
      $queryRaw: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432')),
    } as unknown as PrismaService;
    const redis = { client: { ping: () => Promise.resolve('PONG') } } as unknown as RedisService;

    const report = await new HealthService(prisma, redis).check();

    expect(report).toEqual({
      status: 'degraded',
      database: { status: 'down' },
      redis: { status: 'up' },
    });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        dependency: 'database',
        err: 'connect ECONNREFUSED 10.0.0.5:5432',
      }),
      'Health check: dependency down',
    );
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
