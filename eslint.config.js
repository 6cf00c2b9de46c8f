// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Imports that would break the one-way layering (README "Architecture", docs/engineering.md "Layers"). */
const climbing = {
  group: ['../*'],
  message: 'Import through a package.json alias (#lib/..., #components/...) instead of climbing folders.',
};
const server = {
  regex: '^#lib/server/',
  message: 'This layer must not reach into the server: take its data as props typed with #lib/schemas.',
};
const client = { regex: '^(#lib/client/|#islands/)', message: 'Server and pure code must not import browser code.' };
const clientCode = { regex: '^#lib/client/', message: 'Server-rendered code must not import browser code.' };
const nodeBuiltins = {
  regex: '^node:',
  message: 'This code runs in the browser or must stay pure: no Node built-ins.',
};
const pages = { regex: '^#lib/server/pages/', message: 'Page loaders are called by pages only.' };
const http = {
  regex: '^#lib/server/http/',
  message: 'Only endpoints and the server use http/: errors, messages and limits are in #lib/server/core/.',
};

const appRoot = {
  regex: '^#lib/server/app\\.ts$',
  message:
    'Only the edges (the server, pages, endpoints, scripts) reach the composition root: take the database as a parameter.',
};
const aboveGround = {
  regex: '^#lib/server/(services|repositories|auth|workers|feeds|previews|openapi)/',
  message: 'db/ and core/ are the ground floor: they import nothing built on them.',
};

const d3 = { regex: '^d3(-[a-z]+)?$', message: 'Import d3 through #lib/charts/d3.ts, the one place that names it.' };

/** The layer's forbidden imports, and d3 anywhere but its one place. */
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [...patterns, d3] }] });

export default tseslint.config(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'data/', '.tmp/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      ...restrict(climbing),
    },
  },
  {
    // Components and layouts mount islands (#islands/...) but never reach into browser code themselves.
    files: ['src/components/**', 'src/layouts/**'],
    rules: restrict(climbing, server, clientCode, pages),
  },
  {
    files: ['src/islands/**', 'src/lib/client/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...restrict(climbing, server, nodeBuiltins, pages) },
  },
  {
    files: [
      'src/lib/domain/**',
      'src/lib/schemas/**',
      'src/lib/charts/**',
      'src/lib/format/**',
      'src/lib/links/**',
      'src/lib/links.ts',
      'src/lib/kit/**',
      'src/lib/map-art/**',
    ],
    rules: restrict(climbing, server, client, pages),
  },
  {
    files: ['src/lib/server/**'],
    ignores: ['src/lib/server/pages/**'],
    rules: restrict(climbing, client, pages),
  },
  {
    // The layers under the endpoints: they throw core's errors and never shape an HTTP answer themselves.
    files: [
      'src/lib/server/core/**',
      'src/lib/server/db/**',
      'src/lib/server/services/**',
      'src/lib/server/auth/**',
      'src/lib/server/workers/**',
      'src/lib/server/config.ts',
      'src/lib/server/progress.ts',
    ],
    rules: restrict(climbing, client, pages, http, appRoot),
  },
  {
    files: ['src/lib/server/core/**', 'src/lib/server/db/**'],
    rules: restrict(climbing, client, pages, http, appRoot, aboveGround),
  },
  {
    // Kysely's own signatures for schema-agnostic code (migrations, the migrator, a dialect) are Kysely<any>.
    files: ['src/lib/server/db/migrations/**', 'src/lib/server/db/migrate.ts', 'src/lib/server/db/pglite-dialect.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Migrations are frozen in time: they never import the application's types or code.
    files: ['src/lib/server/db/migrations/**'],
    rules: restrict(climbing, { regex: '^#', message: 'Migrations are frozen in time: import only kysely.' }),
  },
  {
    files: ['src/lib/server/repositories/**'],
    rules: restrict(climbing, client, pages, appRoot, {
      regex: '^#lib/server/(services|http)/',
      message: 'Repositories only query the database: rules and HTTP live in services and endpoints.',
    }),
  },
  {
    files: ['src/lib/charts/d3.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [climbing, server, client, pages] }] },
  },
  {
    // It checks the charts' d3 against d3 itself.
    files: ['tests/unit/charts/d3-equivalence.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [climbing] }] },
  },
);
