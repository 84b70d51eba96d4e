import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      restoreMocks: true,
      // Ceilings, not budgets. A whole-app test (landing page, sign-in, dashboard) or an estimator
      // walk renders MUI in jsdom for seconds; on a 2-core machine shared with other test runs
      // (load 20) the slowest took 30 s. A test that hangs still fails.
      testTimeout: 60_000,
      // Vitest's default leaves one core free, which on a 2-core machine runs the files one by one
      // (265 s against 149 s with two workers on one 2-core machine).
      maxWorkers: Math.max(2, availableParallelism() - 1),
      hookTimeout: 60_000,
    },
  }),
);
