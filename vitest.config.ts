import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // PGlite is heavy (hundreds of MB per instance) and CI machines have two cores.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          // Whole-process tests run once: those about PostgreSQL in the PostgreSQL pass, the others with PGlite.
          include: [
            'apps/server/src/**/*.test.ts',
            'apps/server/test/*.test.ts',
            process.env.TEST_DB === 'postgres'
              ? 'apps/server/test/postgres/*.test.ts'
              : 'apps/server/test/process/*.test.ts',
          ],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/vite-plugins/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
