import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const TESTS = /\.test\.tsx?$/;

/**
 * The test files that replace a module with `vi.mock`. Run in a worker that has already loaded
 * the real module for another file, the mock would not take: these files get a fresh module
 * graph and DOM each, as every file did before; the rest share their worker's (see below).
 */
function filesThatMockModules(dir = 'src'): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => TESTS.test(file))
    .map((file) => join(dir, file).replaceAll('\\', '/'))
    .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8')));
}

const mocking = filesThatMockModules();

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
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
      projects: [
        {
          extends: true,
          test: {
            name: 'shared',
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: mocking,
            // A worker keeps its jsdom and its loaded modules from one file to the next: setting
            // up jsdom and importing React and MUI again for each file was half the suite's time
            // (175 s against 90 s on a 2-CPU host). The setup file still runs before each file and
            // cleans the DOM and storage after every test.
            isolate: false,
          },
        },
        { extends: true, test: { name: 'isolated', include: mocking } },
      ],
    },
  }),
);
