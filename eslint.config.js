// ESLint flat config for the Atrium monorepo.
//
// Besides the usual TypeScript and React hygiene, this file is where the "Direction of imports" of
// ARCHITECTURE.md is enforced ("enforced by lint from day one (a rule nobody enforces drifts)").
// Comments below cite its sections: "Shape", "Direction of imports", "Conventions". Every boundary is written generically: module and feature names are *captured from the
// path*, never listed, so a new `apps/web/src/features/<x>/` or `apps/server/src/modules/<x>/`
// folder is covered the moment it exists.
//
// Three mechanisms, each used where it is simplest:
//   1. eslint-plugin-boundaries (`boundaries/dependencies`) — which *folder* of the repo may import
//      which other folder (layers, features, modules, packages). Works on resolved file paths, so
//      relative imports, `@atrium/*` workspace imports and re-exports are all seen the same way.
//   2. `@typescript-eslint/no-restricted-imports` — which *npm package names* a zone may import
//      (drizzle-orm, pg, node:*, @atrium/db ...). Name-based, so it needs no resolution, and it has
//      `allowTypeImports` for "the Db type is fine, the query builder is not".
//   3. `import-x/no-cycle` — no import cycles.
//
// The config is built by `createConfig(root)` so the rule test (scripts/lint/) can run the very same
// rules against a throw-away fixture tree; the default export is the config for this repository.

import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS = '**/*.{ts,tsx,mts,cts}';
const JS = '**/*.{js,mjs,cjs}';
const TESTS = ['**/*.test.{ts,tsx}', '**/*.int.test.{ts,tsx}'];

// ---------------------------------------------------------------------------------------------------
// Restricted package names (mechanism 2)
// ---------------------------------------------------------------------------------------------------

// Every Node built-in, with and without the `node:` prefix (`fs`, `fs/promises`, `node:net` ...).
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));
const nodeBuiltinRegex = `^(node:.*|(${nodeBuiltins.map((n) => n.replace('/', '\\/')).join('|')})(\\/.*)?)$`;

// Server-side packages: database drivers, the ORM, SMTP, the Node HTTP adapter.
const databaseDrivers = ['pg', 'pg-*', '@electric-sql/pglite', '@electric-sql/pglite/*'];
const orm = ['drizzle-orm', 'drizzle-orm/*', 'drizzle-kit'];
const serverOnlyPackages = [
  ...orm,
  ...databaseDrivers,
  'nodemailer',
  'smtp-server',
  'mailparser',
  'pino-pretty',
  '@hono/node-server',
  '@hono/node-server/*',
];

const msg = {
  appsFromPackages:
    'Packages never import apps (ARCHITECTURE.md, "Direction of imports"): move the code into the package or invert the dependency.',
  appToApp:
    'apps/server never imports apps/web (ARCHITECTURE.md, "Shape"): it serves the built SPA as static files.',
  webToServer:
    'apps/web talks to the server only over /api (ARCHITECTURE.md, "Shape"); a type-only import of the server app type (typed client) is the one exception.',
  webToDb: 'apps/web never imports the database package (ARCHITECTURE.md, "Direction of imports").',
  webServerOnly:
    'Server-only module in apps/web (ARCHITECTURE.md, "Shape": the SPA talks only to /api). Put this behind an API endpoint.',
  sharedMonorepo:
    'packages/shared is the contract and imports nothing from the monorepo (ARCHITECTURE.md, "Shape").',
  sharedIo:
    'packages/shared has no I/O (ARCHITECTURE.md, "Shape"): keep it pure schemas, types and rules so web and server can both run it.',
  orm: 'Only repositories touch the ORM (ARCHITECTURE.md, "Direction of imports"): move this query into a *.repository.ts file. `import type` is fine.',
  dbValue:
    'Only repositories touch the database (ARCHITECTURE.md, "Direction of imports"): services and routes take `Db`/`Tx` as a type (`import type { Db } from \'@atrium/db\'`) and call a repository.',
  dbSchema:
    'The table objects (`schema`) are query builders: only repositories use them (ARCHITECTURE.md, "Direction of imports").',
  driver:
    'Database drivers are wired in apps/server/src/platform (ARCHITECTURE.md, "Shape"), never in modules or the entry files.',
};

/** Options for `@typescript-eslint/no-restricted-imports`, merged per zone (one rule config per file). */
function restrictedImports({ paths = [], patterns = [] }) {
  return ['error', { paths, patterns }];
}

const noAppsFromPackages = [
  {
    group: ['@atrium/web', '@atrium/web/*', '@atrium/server', '@atrium/server/*'],
    message: msg.appsFromPackages,
  },
];
// Apps never import each other at run time (server -> web, web -> server).
const noWebFromServer = [{ group: ['@atrium/web', '@atrium/web/*'], message: msg.appToApp }];
const ormPatterns = [{ group: orm, allowTypeImports: true, message: msg.orm }];
const driverPatterns = [{ group: databaseDrivers, allowTypeImports: true, message: msg.driver }];

// ---------------------------------------------------------------------------------------------------
// Elements and policies for eslint-plugin-boundaries v7 (mechanism 1)
// ---------------------------------------------------------------------------------------------------

// Elements are folders, matched from the repository root (`partialMatch: false`). Order matters: the
// first descriptor that matches a path level wins, so the more specific folders come first.
const elements = [
  // apps/web — "app -> features -> components/lib"
  { type: 'web-app', pattern: 'apps/web/src/app', partialMatch: false },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'], partialMatch: false },
  { type: 'web-components', pattern: 'apps/web/src/components', partialMatch: false },
  { type: 'web-lib', pattern: 'apps/web/src/lib', partialMatch: false },
  { type: 'web-entry', pattern: 'apps/web/src', partialMatch: false }, // main.tsx and friends
  // apps/server — modules, platform services, and the entry files (main.ts, app.ts)
  { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'], partialMatch: false },
  { type: 'server-platform', pattern: 'apps/server/src/platform', partialMatch: false },
  { type: 'server-entry', pattern: 'apps/server/src', partialMatch: false },
  // packages
  { type: 'shared', pattern: 'packages/shared', partialMatch: false },
  { type: 'db', pattern: 'packages/db', partialMatch: false },
  // tooling: journeys, benchmarks, repo scripts
  { type: 'tooling', pattern: '{e2e,bench,scripts}', partialMatch: false },
];

// File roles inside an element; a file may have several (a test of a repository is both).
const files = [
  { category: 'routes', pattern: '**/*.routes.{ts,tsx}' },
  { category: 'service', pattern: '**/*.service.{ts,tsx}' },
  { category: 'repository', pattern: '**/*.repository.{ts,tsx}' },
  { category: 'test', pattern: '**/*.{test,int.test}.{ts,tsx}' },
];

const to = (type, extra = {}) => ({ to: { element: { type, ...extra } } });
/** The public face of a feature/module: its index file (`import ... from '../tasks'`). */
const PUBLIC_INDEX = 'index.{ts,tsx}';

const policies = [
  // Files inside one element may import each other; finer rules (routes/repository) come last.
  { allow: { dependency: { relationship: { to: 'internal' } } } },

  // --- apps/web: "app -> features -> components/lib" (ARCHITECTURE.md, "Direction of imports") ---
  {
    from: { element: { type: 'web-entry' } },
    allow: [to('web-app'), to('web-components'), to('web-lib'), to('shared')],
  },
  {
    // The app layer composes features (router, lazy pages), so it may reach into any of them.
    from: { element: { type: 'web-app' } },
    allow: [to('web-feature'), to('web-components'), to('web-lib'), to('shared')],
  },
  {
    // A feature uses components, lib and shared. It may use ANOTHER feature only through that
    // feature's index.ts — its deliberate public API — never its internals ("a feature never imports
    // another feature's internals"). Chosen over "forbidden entirely" because features do compose
    // (a task picker inside projects); cycles between features are still caught by import-x/no-cycle.
    from: { element: { type: 'web-feature' } },
    allow: [
      to('web-components'),
      to('web-lib'),
      to('shared'),
      to('web-feature', { fileInternalPath: PUBLIC_INDEX }),
    ],
  },
  {
    // components/ui and lib are the bottom layer: they never import features or the app.
    from: { element: { type: ['web-components', 'web-lib'] } },
    allow: [to('web-components'), to('web-lib'), to('shared')],
  },

  // --- apps/server: modules talk through index.ts; platform never imports modules ---
  {
    from: { element: { type: 'server-entry' } },
    allow: [
      to('server-platform'),
      to('server-module', { fileInternalPath: PUBLIC_INDEX }),
      to('shared'),
      to('db'),
    ],
  },
  {
    // "a module imports another module only through its index.ts"
    from: { element: { type: 'server-module' } },
    allow: [
      to('server-platform'),
      to('server-module', { fileInternalPath: PUBLIC_INDEX }),
      to('shared'),
      to('db'),
    ],
  },
  {
    // Platform services (db, auth, jobs, mail ...) sit below the modules and never import them.
    from: { element: { type: 'server-platform' } },
    allow: [to('shared'), to('db')],
  },

  // --- packages: "packages never import apps"; shared imports nothing from the monorepo ---
  { from: { element: { type: 'db' } }, allow: [to('shared')] },
  // (shared gets no allow rule: only its own files, via the internal rule above.)

  // --- tooling (e2e, bench, scripts) drives the whole system from outside and may import anything ---
  { from: { element: { type: 'tooling' } }, allow: { to: { element: { type: '*' } } } },
  // Tests (*.test.ts, *.int.test.ts) are not shipped: they may set up state through any module's
  // repository or helper. They still may not form cycles, and web tests keep the package bans below.
  { from: { file: { categories: 'test' } }, allow: { to: { element: { type: '*' } } } },

  // --- last, so they override the "internal" allow: routes never touch repositories, and a
  // module's index.ts never hands its repository (its SQL) to other modules ---
  {
    from: { file: { categories: 'routes' } },
    disallow: { to: { file: { categories: 'repository' } } },
    message:
      'Routes never touch repositories (ARCHITECTURE.md, "Direction of imports"): routes parse input and call the service; the service calls the repository.',
  },
  {
    from: { element: { type: 'server-module', fileInternalPath: PUBLIC_INDEX } },
    disallow: { to: { file: { categories: 'repository' } } },
    message:
      'A module\'s index.ts exports services and types, never SQL fragments (ARCHITECTURE.md, "Direction of imports"): offer what other modules need as a service method, or move a shared type out of the *.repository.ts file.',
  },
];

const boundariesMessage =
  'ARCHITECTURE.md ("Direction of imports") does not allow {{ from.element.types.[0] }} ({{ from.element.path }}) to import {{ to.element.path }}/{{ to.element.fileInternalPath }} ({{ to.element.types.[0] }}). Across features and modules, import only the other side\'s index.ts.';

// ---------------------------------------------------------------------------------------------------
// The config
// ---------------------------------------------------------------------------------------------------

/**
 * @param {string} root absolute path of the repository (or of a fixture tree laid out like it)
 */
export function createConfig(root) {
  const tsProjects = [
    `${root}/apps/*/tsconfig.json`,
    `${root}/packages/*/tsconfig.json`,
    `${root}/e2e/tsconfig.json`,
    `${root}/bench/tsconfig.json`,
  ];
  const resolverOptions = { project: tsProjects, alwaysTryTypes: true, noWarnOnMultipleProjects: true };

  return defineConfig(
    globalIgnores([
      '**/node_modules/',
      '**/dist/',
      'coverage/',
      // run-time data: PGlite directories and uploaded files (ARCHITECTURE.md, "Stack")
      'data/',
      'apps/*/data/',
      'packages/*/data/',
      // generated
      'packages/db/migrations/',
      '**/test-results/',
      '**/playwright-report/',
      'bench/results/',
      // fixture trees the lint-rule test writes and removes (scripts/lint/)
      'scripts/lint/.tmp-*/',
    ]),

    // --- language baseline ------------------------------------------------------------------------
    js.configs.recommended,
    // Not the type-checked set: type-aware linting runs the TypeScript 6 (JavaScript) checker for
    // every workspace and would cost more than the whole lint budget on 2 cores; `npm run typecheck`
    // (native tsc 7) already does the type work.
    tseslint.configs.recommended,
    {
      languageOptions: {
        ecmaVersion: 2023,
        sourceType: 'module',
        globals: { ...globals.node },
      },
      linterOptions: { reportUnusedDisableDirectives: 'error' },
      rules: {
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
        ],
        // ARCHITECTURE.md, "Conventions": `type` over `interface`, string-literal unions over enums.
        '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
        'no-restricted-syntax': [
          'error',
          {
            selector: 'TSEnumDeclaration',
            message: 'Use a string-literal union instead of an enum (ARCHITECTURE.md, "Conventions").',
          },
        ],
      },
    },

    // --- apps/web: browser globals and the rules of hooks --------------------------------------------
    {
      files: ['apps/web/src/**/*.{ts,tsx}'],
      languageOptions: { globals: { ...globals.browser } },
    },
    {
      files: ['apps/web/**/*.{ts,tsx}'],
      extends: [reactHooks.configs.flat.recommended],
    },

    // --- conventions: named exports -------------------------------------------------------------------
    {
      // ARCHITECTURE.md, "Conventions": named exports. Tool config files must default-export.
      files: [TS, JS],
      ignores: ['**/*.config.{ts,js,mjs,cjs,mts}', '**/*.d.ts'],
      plugins: { 'import-x': importX },
      rules: { 'import-x/no-default-export': 'error' },
    },

    // --- no import cycles (ARCHITECTURE.md, "Direction of imports": "no import cycles") ------------
    {
      files: [TS, JS],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
        // Workspace packages (@atrium/*) resolve through their package.json "exports" to src/*.ts
        // (real path, not node_modules), so a cycle that crosses packages is seen too.
        'import-x/resolver-next': [createTypeScriptImportResolver(resolverOptions)],
      },
      rules: {
        // Type-only imports are ignored by the rule (erased at run time). Depth is bounded to keep
        // `npm run lint` fast; a cycle longer than 12 files is not a realistic miss.
        'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: 12 }],
      },
    },

    // --- import directions between folders (boundaries) ------------------------------------------------
    {
      files: [TS, JS],
      plugins: { boundaries },
      settings: {
        'boundaries/root-path': root,
        'boundaries/elements': elements,
        'boundaries/files': files,
        // Re-exports and lazy `import()` cross boundaries just like static imports.
        'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
        'boundaries/legacy-templates': false,
        // Resolver used by boundaries (eslint-module-utils protocol): extensionless relative imports
        // and `@atrium/*` workspace imports resolve to the real .ts file.
        'import/resolver': { typescript: resolverOptions },
      },
      rules: {
        'boundaries/dependencies': [
          'error',
          { default: 'disallow', checkInternals: true, message: boundariesMessage, policies },
        ],
      },
    },

    // --- package names per zone (one `no-restricted-imports` config per file) --------------------------
    {
      // packages/shared: the contract — no monorepo imports, no I/O.
      files: ['packages/shared/**/*.{ts,tsx,js,mjs}'],
      rules: {
        '@typescript-eslint/no-restricted-imports': restrictedImports({
          patterns: [
            { group: ['@atrium/*'], message: msg.sharedMonorepo },
            { regex: nodeBuiltinRegex, message: msg.sharedIo },
            {
              group: [...serverOnlyPackages, 'better-auth', 'better-auth/*', 'hono', 'hono/*'],
              message: msg.sharedIo,
            },
          ],
        }),
      },
    },
    {
      // packages/db and any future package: never an app.
      files: ['packages/*/**/*.{ts,tsx,js,mjs}'],
      ignores: ['packages/shared/**'],
      rules: {
        '@typescript-eslint/no-restricted-imports': restrictedImports({ patterns: noAppsFromPackages }),
      },
    },
    {
      // apps/web: shared only; nothing server-only.
      files: ['apps/web/src/**/*.{ts,tsx}'],
      rules: {
        '@typescript-eslint/no-restricted-imports': restrictedImports({
          patterns: [
            { group: ['@atrium/db', '@atrium/db/*'], message: msg.webToDb },
            // The typed API client may need `import type { AppType } from '@atrium/server'`.
            {
              group: ['@atrium/server', '@atrium/server/*'],
              allowTypeImports: true,
              message: msg.webToServer,
            },
            { regex: nodeBuiltinRegex, message: msg.webServerOnly },
            { group: serverOnlyPackages, message: msg.webServerOnly },
          ],
        }),
      },
    },
    {
      // Server modules (routes, services, index ...): no ORM, no database values — repositories only.
      files: ['apps/server/src/modules/**/*.{ts,tsx}'],
      ignores: ['**/*.repository.{ts,tsx}', ...TESTS],
      rules: {
        '@typescript-eslint/no-restricted-imports': restrictedImports({
          paths: [{ name: '@atrium/db', allowTypeImports: true, message: msg.dbValue }],
          patterns: [
            ...noWebFromServer,
            ...ormPatterns,
            ...driverPatterns,
            { group: ['@atrium/db/*'], allowTypeImports: true, message: msg.dbValue },
          ],
        }),
      },
    },
    {
      // Server entry files (main.ts, app.ts) and any other folder outside modules/ and platform/:
      // the composition root may open the database (`openDatabase` from @atrium/db) but never
      // queries it.
      files: ['apps/server/src/**/*.{ts,tsx}'],
      ignores: [
        'apps/server/src/modules/**',
        'apps/server/src/platform/**',
        'apps/server/src/testing/**',
        ...TESTS,
      ],
      rules: {
        '@typescript-eslint/no-restricted-imports': restrictedImports({
          paths: [
            { name: '@atrium/db', importNames: ['schema'], allowTypeImports: true, message: msg.dbSchema },
          ],
          patterns: [...noWebFromServer, ...ormPatterns, ...driverPatterns],
        }),
      },
    },
    {
      // Platform services wire the database (db, auth adapter, jobs, outbox, realtime), so they may
      // import @atrium/db and the drivers; the ORM query builder itself stays in *.repository.ts
      // and in platform/db, the plumbing every repository shares (keyset pages, id sets ...).
      files: ['apps/server/src/platform/**/*.{ts,tsx}'],
      ignores: ['**/*.repository.{ts,tsx}', 'apps/server/src/platform/db/**', ...TESTS],
      rules: {
        '@typescript-eslint/no-restricted-imports': restrictedImports({
          patterns: [...noWebFromServer, ...ormPatterns],
        }),
      },
    },
    {
      // Repositories, platform/db, tests and their helpers (testing/): the ORM is theirs; they still
      // never import the web app.
      files: [
        'apps/server/src/**/*.repository.{ts,tsx}',
        'apps/server/src/platform/db/**/*.{ts,tsx}',
        'apps/server/src/testing/**/*.{ts,tsx}',
        ...TESTS.map((t) => `apps/server/src/${t}`),
      ],
      rules: {
        '@typescript-eslint/no-restricted-imports': restrictedImports({ patterns: noWebFromServer }),
      },
    },
  );
}

export default createConfig(import.meta.dirname);
