const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

/**
 * Packages that ship only ES modules (NestJS 12, zod, …). Node 20.19 loads them from our compiled
 * CommonJS natively, but Jest's module runtime cannot, so Jest compiles just these to CommonJS.
 */
function esmPackages(nodeModules) {
  const names = [];
  for (const entry of readdirSync(nodeModules)) {
    if (entry.startsWith('.')) continue;
    const scoped = entry.startsWith('@');
    const children = scoped
      ? readdirSync(join(nodeModules, entry)).map((n) => `${entry}/${n}`)
      : [entry];
    for (const name of children) {
      try {
        const manifest = JSON.parse(readFileSync(join(nodeModules, name, 'package.json'), 'utf8'));
        if (manifest.type === 'module') names.push(name);
      } catch {
        // not a package
      }
    }
  }
  return names.map((name) => name.replace(/[.+]/g, '\\$&'));
}

/**
 * CommonJS packages that load an ES-module dependency with `import()`, which Jest's runtime
 * refuses without --experimental-vm-modules; compiled, the import becomes a require.
 */
const DYNAMIC_IMPORTERS = ['@fastify/cookie'];

const esm = [
  ...new Set([
    ...esmPackages(join(__dirname, '../node_modules')),
    ...esmPackages(join(__dirname, 'node_modules')),
    ...DYNAMIC_IMPORTERS,
  ]),
];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  transform: {
    // SWC keeps decorator metadata, which Nest needs to resolve constructor injection.
    '^.+\\.(ts|js|mjs)$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esm.join('|')})/)`],
  moduleNameMapper: {
    // The typed client's sources, as for @rafter/domain (no build needed to test with it).
    '^@rafter/client$': '<rootDir>/../client/src/index.ts',
    '^@rafter/domain/(.*)$': '<rootDir>/../domain/src/$1',
    // The generated Prisma client imports its TypeScript siblings with `.js` extensions.
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  globalSetup: '<rootDir>/test/utils/global-setup.ts',
  globalTeardown: '<rootDir>/test/utils/global-teardown.ts',
  testTimeout: 30_000,
};
