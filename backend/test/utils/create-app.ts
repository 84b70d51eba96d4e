import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app.factory';
import { withEnv } from './async';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from './database';

export interface TestApp {
  app: NestFastifyApplication;
  db: TestDatabase;
  close(): Promise<void>;
}

/**
 * Boots the real AppModule, as production does, on a fresh database of this test file's own.
 * Environment variables in `env` apply for this app only.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const app = await withEnv(
    {
      NODE_ENV: 'test',
      // TEST_LOG_LEVEL=error shows what a failing request logged (silent otherwise).
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATABASE_URL: db.url,
      QUEUE_PREFIX: testRedisPrefix(),
      ...env,
    },
    async () => {
      const nest = await createApp({ logger: false });
      await nest.init();
      await nest.getHttpAdapter().getInstance().ready();
      return nest;
    },
  );
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}
