import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'frontend/dist-prerender/**',
      'frontend/public/developers/**',
      '.data/**',
      'coverage/**',
      'backend/src/generated/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Nest resolves constructor parameters from emitted decorator metadata, so a type-only
    // import of an injected class would silently break injection.
    files: ['backend/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [
      '**/*.{spec,test}.{ts,tsx}',
      '**/test/**/*.ts',
      'e2e/**/*.ts',
      'scripts/**',
      'bench/**',
      'client/examples/**',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // CommonJS config files (the backend package is CommonJS) and preload scripts.
    files: ['backend/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // ---------------------------------------------------------------------------------------------
  // Frontend boundaries (docs/architecture.md, 'Boundaries'): a feature (frontend/src/features/X)
  // never imports another feature or frontend/src/app; pages in app/ compose features, and what
  // several features share lives in components/, lib/, theme/ or (for tests) test/.
  // ---------------------------------------------------------------------------------------------
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      // Static imports, re-exports and import() (lazy pages and components).
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': [
        { type: 'feature', pattern: 'frontend/src/features/*', capture: ['feature'] },
        { type: 'app', pattern: 'frontend/src/app' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          message:
            'A frontend feature imports only its own files and shared code (components/, lib/, ' +
            'theme/, test/), never another feature or app/: let the page in app/ compose them.',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { types: { anyOf: ['feature', 'app'] } } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: '{{ from.element.captured.feature }}' },
                  },
                },
              },
            },
          ],
        },
      ],
    },
  },
  // ---------------------------------------------------------------------------------------------
  // End of frontend boundaries.
  // ---------------------------------------------------------------------------------------------
  {
    // A quote request's path (docs/architecture.md, 'Quote requests'): no object literal that
    // starts with a spread and goes on with more fields. On Node 20 each such object gets a
    // hidden class of its own, which cost a quote request about a fifth of the api's CPU and
    // most of what its young generation promoted (docs/decisions/0044).
    files: [
      'backend/src/core/http/{security,frontend,nul-guard,loopback}.ts',
      'backend/src/core/realtime/realtime.publisher.ts',
      'backend/src/modules/leads/{lead-capture,owner-leads}.*.ts',
      'backend/src/modules/leads/{form-token.service,lead-row}.ts',
    ],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression[properties.0.type="SpreadElement"][properties.length>1]',
          message:
            'Start the literal with a named field (or list its fields): on Node 20 a literal ' +
            'that starts with a spread and adds fields builds a hidden class per object ' +
            '(docs/decisions/0044).',
        },
      ],
    },
  },
  prettier,
);
