import { prepareTestServices } from './services';

export default async function globalSetup(): Promise<void> {
  (globalThis as { __RAFTER_TEST_SERVICES__?: unknown }).__RAFTER_TEST_SERVICES__ =
    await prepareTestServices();
}
