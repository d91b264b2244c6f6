import { defineConfig } from 'vitest/config';

const ignored = ['**/node_modules/**', '**/dist/**', 'e2e/**', 'bench/.cache/**', 'bench/results/**'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: [...ignored, '**/*.int.test.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts'],
          exclude: ignored,
          // Each file opens its own database; run after the quick unit tests, two at a time (PGlite
          // is CPU-heavy and the machine has two cores).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          globalSetup: ['packages/db/src/testing-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
