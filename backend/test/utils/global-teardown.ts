import type { TestServices } from './services';

export default async function globalTeardown(): Promise<void> {
  const services = (globalThis as { __RAFTER_TEST_SERVICES__?: TestServices })
    .__RAFTER_TEST_SERVICES__;
  await services?.localRedis?.stop();
  await services?.embeddedPostgres?.stop();
}
