import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app.factory';
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
  const saved = { ...process.env };
  Object.assign(process.env, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    QUEUE_PREFIX: testRedisPrefix(),
    ...env,
  });
  let app: NestFastifyApplication;
  try {
    app = await createApp({ logger: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  } finally {
    process.env = saved;
  }
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}
