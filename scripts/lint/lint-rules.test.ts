// Proves that the import rules of eslint.config.js bite (ARCHITECTURE.md, "Direction of imports":
// "a rule nobody enforces drifts"). Every forbidden case asserts the specific rule id that fired,
// every allowed case asserts that no error at all is reported — so deleting or loosening a rule
// fails this test.
//
// Two set-ups:
// - The real config at the repository root, for rules that work on the import *name* (package
//   restrictions); the importing file is virtual (`lintText` with a file path that need not exist).
// - The same config built by `createConfig(fixtureRoot)` over a small throw-away tree laid out like
//   the repository, for rules that must *resolve* the imported file (boundaries between features,
//   modules and file roles; cycles). The tree lives in scripts/lint/.tmp-*/ (inside the repo so
//   node_modules resolve; ignored by eslint and prettier) and is removed afterwards.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
// eslint.config.js is plain JavaScript without type declarations: load it by URL and name its shape.
const { createConfig }: { createConfig: (root: string) => Linter.Config[] } = await import(
  pathToFileURL(join(repoRoot, 'eslint.config.js')).href
);

const BOUNDARIES = 'boundaries/dependencies';
const RESTRICTED = '@typescript-eslint/no-restricted-imports';
const CYCLE = 'import-x/no-cycle';

type Lint = (filePath: string, code: string) => Promise<Linter.LintMessage[]>;

function linter(eslint: ESLint): Lint {
  return async (filePath, code) => {
    const [result] = await eslint.lintText(code, { filePath });
    if (!result) throw new Error(`no lint result for ${filePath}`);
    // A parse error or an ignored path would make every "allowed" case pass vacuously; both come
    // back as messages without a rule id.
    expect(result.messages.filter((m) => m.ruleId === null).map((m) => m.message)).toEqual([]);
    return result.messages;
  };
}

const errorsOf = (messages: Linter.LintMessage[]) => messages.filter((m) => m.severity === 2);
const ruleIds = (messages: Linter.LintMessage[]) => errorsOf(messages).map((m) => m.ruleId);

async function expectError(lint: Lint, ruleId: string, filePath: string, code: string) {
  const messages = await lint(filePath, code);
  expect(ruleIds(messages), `${filePath} should break ${ruleId}`).toContain(ruleId);
}

async function expectClean(lint: Lint, filePath: string, code: string) {
  const messages = await lint(filePath, code);
  expect(
    errorsOf(messages).map((m) => `${m.ruleId}: ${m.message}`),
    `${filePath} should lint clean`,
  ).toEqual([]);
}

// ---------------------------------------------------------------------------------------------------
// The real config, virtual importing files
// ---------------------------------------------------------------------------------------------------

describe('eslint.config.js at the repository root (package-name rules)', () => {
  const lint = linter(new ESLint({ cwd: repoRoot }));

  it('apps/web never imports @atrium/db', async () => {
    await expectError(
      lint,
      RESTRICTED,
      'apps/web/src/features/zz-lint/api/queries.ts',
      "import { openDatabase } from '@atrium/db';\nexport const open = openDatabase;\n",
    );
    await expectError(
      lint,
      RESTRICTED,
      'apps/web/src/features/zz-lint/api/queries.ts',
      "import type { Db } from '@atrium/db';\nexport type T = Db;\n",
    );
  });

  it('apps/web never imports server-only modules (drizzle-orm, pg, node:*)', async () => {
    for (const source of ['drizzle-orm', 'pg', 'node:fs', 'fs/promises']) {
      await expectError(
        lint,
        RESTRICTED,
        'apps/web/src/lib/zz-lint.ts',
        `import * as m from '${source}';\nexport const x = m;\n`,
      );
    }
    await expectClean(
      lint,
      'apps/web/src/lib/zz-lint.ts',
      "import { z } from 'zod';\nimport { errorCodes } from '@atrium/shared';\nexport const x = [z, errorCodes];\n",
    );
  });

  it('a server service may not value-import drizzle-orm; a repository may', async () => {
    const code = "import { eq } from 'drizzle-orm';\nexport const where = eq;\n";
    await expectError(lint, RESTRICTED, 'apps/server/src/modules/zz-lint/zz-lint.service.ts', code);
    await expectError(lint, RESTRICTED, 'apps/server/src/modules/zz-lint/zz-lint.routes.ts', code);
    await expectClean(lint, 'apps/server/src/modules/zz-lint/zz-lint.repository.ts', code);
    await expectClean(lint, 'apps/server/src/modules/zz-lint/zz-lint.int.test.ts', code);
    await expectClean(lint, 'apps/server/src/platform/zz-lint/zz-lint.repository.ts', code);
    // Inside platform, too, the query builder lives in *.repository.ts, and in platform/db: the
    // plumbing every repository shares.
    await expectError(lint, RESTRICTED, 'apps/server/src/platform/zz-lint/zz-lint.service.ts', code);
    await expectClean(lint, 'apps/server/src/platform/db/zz-lint.ts', code);
  });

  it('a server service may import the Db type but not @atrium/db values', async () => {
    await expectClean(
      lint,
      'apps/server/src/modules/zz-lint/zz-lint.service.ts',
      "import type { Db, Tx } from '@atrium/db';\nimport { type Database } from '@atrium/db';\nexport type T = [Db, Tx, Database];\n",
    );
    await expectError(
      lint,
      RESTRICTED,
      'apps/server/src/modules/zz-lint/zz-lint.service.ts',
      "import { schema } from '@atrium/db';\nexport const tables = schema;\n",
    );
  });

  it('the server entry files may open the database but not query it', async () => {
    await expectClean(
      lint,
      'apps/server/src/main.ts',
      "import { openDatabase, type Db } from '@atrium/db';\nexport const open = openDatabase;\nexport type T = Db;\n",
    );
    await expectError(
      lint,
      RESTRICTED,
      'apps/server/src/main.ts',
      "import { schema } from '@atrium/db';\nexport const tables = schema;\n",
    );
    await expectError(
      lint,
      RESTRICTED,
      'apps/server/src/app.ts',
      "import { sql } from 'drizzle-orm';\nexport const s = sql;\n",
    );
  });

  it('packages/shared has no I/O and imports nothing from the monorepo', async () => {
    await expectError(
      lint,
      RESTRICTED,
      'packages/shared/src/zz-lint.ts',
      "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
    );
    await expectError(
      lint,
      RESTRICTED,
      'packages/shared/src/zz-lint.ts',
      "import { sql } from 'drizzle-orm';\nexport const s = sql;\n",
    );
    await expectError(
      lint,
      RESTRICTED,
      'packages/shared/src/zz-lint.ts',
      "import type { Db } from '@atrium/db';\nexport type T = Db;\n",
    );
    await expectClean(
      lint,
      'packages/shared/src/zz-lint.ts',
      "import { z } from 'zod';\nexport const id = z.string();\n",
    );
  });

  it('packages never import apps', async () => {
    await expectError(
      lint,
      RESTRICTED,
      'packages/db/src/zz-lint.ts',
      "import { createApp } from '@atrium/server';\nexport const app = createApp;\n",
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// The same config over a fixture tree (rules that resolve the imported file)
// ---------------------------------------------------------------------------------------------------

const fixtureFiles: Record<string, string> = {
  // web: two features, components/ui, lib, app
  'apps/web/src/features/alpha/index.ts': "export { AlphaCard } from './components/alpha-card';\n",
  'apps/web/src/features/alpha/components/alpha-card.tsx':
    'export function AlphaCard() {\n  return null;\n}\n',
  'apps/web/src/features/alpha/api/queries.ts': "export const alphaKey = ['alpha'];\n",
  'apps/web/src/components/ui/button.tsx': 'export function Button() {\n  return null;\n}\n',
  'apps/web/src/lib/cn.ts': "export const cn = (...c: string[]) => c.join(' ');\n",
  'apps/web/src/app/router.tsx': 'export const router = {};\n',
  // server: two modules and a platform service
  'apps/server/src/modules/alpha/index.ts': "export { alphaService } from './alpha.service';\n",
  'apps/server/src/modules/alpha/alpha.service.ts':
    "import { alphaRepository } from './alpha.repository';\nexport const alphaService = { list: () => alphaRepository.list() };\n",
  'apps/server/src/modules/alpha/alpha.repository.ts': 'export const alphaRepository = { list: () => [] };\n',
  'apps/server/src/platform/jobs/jobs.ts': 'export const jobs = {};\n',
  // a cycle: a -> b -> a
  'apps/server/src/modules/gamma/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = () => b;\n",
  'apps/server/src/modules/gamma/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = () => a;\n",
  // a type-only back edge is not a cycle at run time
  'apps/server/src/modules/gamma/typed-a.ts':
    "import { typedB } from './typed-b';\nexport type A = { n: number };\nexport const typedA = typedB;\n",
  'apps/server/src/modules/gamma/typed-b.ts':
    "import type { A } from './typed-a';\nexport const typedB = (a: A) => a.n;\n",
  'packages/shared/src/index.ts': 'export const shared = 1;\n',
};

describe('createConfig() over a fixture tree (boundaries and cycles)', () => {
  let fixtureRoot = '';
  let lint: Lint;

  beforeAll(() => {
    fixtureRoot = mkdtempSync(join(here, '.tmp-'));
    for (const [path, code] of Object.entries(fixtureFiles)) {
      const file = join(fixtureRoot, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, code);
    }
    lint = linter(
      new ESLint({ cwd: fixtureRoot, overrideConfigFile: true, overrideConfig: createConfig(fixtureRoot) }),
    );
  });

  afterAll(() => {
    if (fixtureRoot) rmSync(fixtureRoot, { recursive: true, force: true });
  });

  it('a web feature never imports another feature’s internals, only its index.ts', async () => {
    const file = 'apps/web/src/features/beta/pages/beta-page.tsx';
    await expectError(
      lint,
      BOUNDARIES,
      file,
      "import { AlphaCard } from '../../alpha/components/alpha-card';\nexport const x = AlphaCard;\n",
    );
    await expectError(
      lint,
      BOUNDARIES,
      file,
      "import { alphaKey } from '../../alpha/api/queries';\nexport const x = alphaKey;\n",
    );
    // Re-exporting another feature's internals is the same dependency.
    await expectError(lint, BOUNDARIES, file, "export { alphaKey } from '../../alpha/api/queries';\n");
    await expectClean(lint, file, "import { AlphaCard } from '../../alpha';\nexport const x = AlphaCard;\n");
    // its own internals are its own business
    await expectClean(
      lint,
      'apps/web/src/features/alpha/pages/alpha-page.tsx',
      "import { alphaKey } from '../api/queries';\nexport const x = alphaKey;\n",
    );
    await expectClean(
      lint,
      file,
      "import { AlphaCard } from '../../alpha/index';\nexport const x = AlphaCard;\n",
    );
  });

  it('web layers: app -> features -> components/lib, never upwards', async () => {
    // allowed downwards
    await expectClean(
      lint,
      'apps/web/src/features/beta/components/beta.tsx',
      "import { Button } from '../../../components/ui/button';\nimport { cn } from '../../../lib/cn';\nexport const x = [Button, cn];\n",
    );
    await expectClean(
      lint,
      'apps/web/src/app/routes.tsx',
      "import { AlphaCard } from '../features/alpha/components/alpha-card';\nexport const x = AlphaCard;\n",
    );
    // forbidden upwards
    await expectError(
      lint,
      BOUNDARIES,
      'apps/web/src/features/beta/components/beta.tsx',
      "import { router } from '../../../app/router';\nexport const x = router;\n",
    );
    await expectError(
      lint,
      BOUNDARIES,
      'apps/web/src/components/ui/card.tsx',
      "import { AlphaCard } from '../../features/alpha';\nexport const x = AlphaCard;\n",
    );
    await expectError(
      lint,
      BOUNDARIES,
      'apps/web/src/lib/format.ts',
      "import { router } from '../app/router';\nexport const x = router;\n",
    );
  });

  it('a server x.routes.ts never imports ./x.repository; it calls the service', async () => {
    const file = 'apps/server/src/modules/alpha/alpha.routes.ts';
    await expectError(
      lint,
      BOUNDARIES,
      file,
      "import { alphaRepository } from './alpha.repository';\nexport const r = alphaRepository;\n",
    );
    await expectClean(
      lint,
      file,
      "import { alphaService } from './alpha.service';\nexport const r = alphaService;\n",
    );
  });

  it('a server module imports another module only through its index.ts', async () => {
    const file = 'apps/server/src/modules/beta/beta.service.ts';
    await expectError(
      lint,
      BOUNDARIES,
      file,
      "import { alphaService } from '../alpha/alpha.service';\nexport const s = alphaService;\n",
    );
    await expectError(
      lint,
      BOUNDARIES,
      file,
      "import { alphaRepository } from '../alpha/alpha.repository';\nexport const s = alphaRepository;\n",
    );
    await expectClean(
      lint,
      file,
      "import { alphaService } from '../alpha';\nexport const s = alphaService;\n",
    );
    await expectClean(
      lint,
      file,
      "import { jobs } from '../../platform/jobs/jobs';\nexport const s = jobs;\n",
    );
    // Tests are not shipped: an integration test may seed through another module's repository.
    await expectClean(
      lint,
      'apps/server/src/modules/beta/beta.int.test.ts',
      "import { alphaRepository } from '../alpha/alpha.repository';\nexport const s = alphaRepository;\n",
    );
  });

  it('a server module’s index.ts never re-exports from a *.repository.ts file', async () => {
    const index = 'apps/server/src/modules/alpha/index.ts';
    await expectError(lint, BOUNDARIES, index, "export { alphaRepository } from './alpha.repository';\n");
    await expectError(lint, BOUNDARIES, index, "export * from './alpha.repository';\n");
    await expectError(
      lint,
      BOUNDARIES,
      index,
      "import { alphaRepository } from './alpha.repository';\nexport const list = alphaRepository.list;\n",
    );
    await expectClean(lint, index, fixtureFiles[index]!);
    // The module's own service still uses its repository.
    const service = 'apps/server/src/modules/alpha/alpha.service.ts';
    await expectClean(lint, service, fixtureFiles[service]!);
  });

  it('platform never imports modules', async () => {
    await expectError(
      lint,
      BOUNDARIES,
      'apps/server/src/platform/mail/mailer.ts',
      "import { alphaService } from '../../modules/alpha';\nexport const m = alphaService;\n",
    );
  });

  it('packages never import apps, and shared imports nothing else in the monorepo (by path)', async () => {
    await expectError(
      lint,
      BOUNDARIES,
      'packages/shared/src/rules.ts',
      "import { cn } from '../../../apps/web/src/lib/cn';\nexport const x = cn;\n",
    );
    await expectError(
      lint,
      BOUNDARIES,
      'packages/db/src/seed.ts',
      "import { alphaService } from '../../../apps/server/src/modules/alpha';\nexport const x = alphaService;\n",
    );
    await expectClean(
      lint,
      'packages/db/src/seed.ts',
      "import { shared } from '../../shared/src/index';\nexport const x = shared;\n",
    );
  });

  it('reports an import cycle, but not a type-only back edge', async () => {
    const cycleA = 'apps/server/src/modules/gamma/cycle-a.ts';
    await expectError(lint, CYCLE, cycleA, fixtureFiles[cycleA]!);
    const typedA = 'apps/server/src/modules/gamma/typed-a.ts';
    await expectClean(lint, typedA, fixtureFiles[typedA]!);
  });
});
