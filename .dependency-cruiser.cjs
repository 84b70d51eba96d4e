/**
 * Architecture boundaries of the backend and the domain, checked by `npm run lint`
 * (docs/decisions/0021). Each rule names what it protects; a violation fails the lint with the
 * rule's name and the offending import.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-imports-only-zod',
      comment:
        'domain/ holds pure rules shared by server and browser: it may import itself and zod, nothing else (tests may import vitest); libphonenumber-js and zipcode-to-timezone are pure data libraries for the texting rules (docs/decisions/0037).',
      severity: 'error',
      from: { path: '^domain/src/', pathNot: '\\.test\\.ts$' },
      to: {
        pathNot: [
          '^domain/src/',
          '^node_modules/zod/',
          '^node_modules/libphonenumber-js/',
          '^node_modules/zipcode-to-timezone/',
        ],
      },
    },
    {
      name: 'core-never-imports-a-module',
      comment:
        'backend/src/core is the framework every feature module builds on; it never depends on a feature module (modules/).',
      severity: 'error',
      from: { path: '^backend/src/core/' },
      to: { path: '^backend/src/modules/' },
    },
    {
      name: 'no-other-modules-repository',
      comment:
        "A module reaches another module's data through that module's exported services, never its repository.",
      severity: 'error',
      from: { path: '^backend/src/modules/([^/]+)/' },
      to: {
        path: '^backend/src/modules/[^/]+/.*\\.repository\\.ts$',
        pathNot: '^backend/src/modules/$1/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'no-module-folder-cycle',
      comment:
        'Feature modules depend on each other in one direction only (docs/architecture.md shows the order).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^backend/src/modules/[^/]+$' },
      to: { path: '^backend/src/modules/[^/]+$', circular: true },
    },
    {
      name: 'product-never-imports-dev-fakes',
      comment:
        'The local fakes in backend/src/dev are started by the launcher outside production only (docs/decisions/0023); no product file imports them.',
      severity: 'error',
      from: { path: '^backend/src/', pathNot: ['^backend/src/dev/', '^backend/src/launch\\.ts$'] },
      to: { path: '^backend/src/dev/' },
    },
    {
      name: 'launcher-loads-dev-fakes-on-demand',
      comment:
        'The launcher imports the fakes with import() when no credentials are set, so a production start never loads them.',
      severity: 'error',
      from: { path: '^backend/src/launch\\.ts$' },
      to: { path: '^backend/src/dev/', dependencyTypesNot: ['type-only', 'dynamic-import'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|generated)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'backend/tsconfig.json' },
    combinedDependencies: true,
  },
};
