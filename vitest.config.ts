import babel from '@rolldown/plugin-babel';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The server's tests on the database engine `TEST_DB` names (PGlite unless `postgres`). Whole-process tests run once:
 * those about PostgreSQL (two nodes, the database going away) in the PostgreSQL pass, the others on PGlite. When
 * the PostgreSQL pass runs too (`TEST_ENGINE_FILES_ONLY=1`, set by scripts/test.sh), the PGlite pass keeps only
 * the files whose code takes another path on the embedded engine or leans on what it implements itself, and the
 * PostgreSQL pass leaves out the files that run on an embedded data folder anyway (see
 * docs/decisions/023-ci-in-twenty-minutes.md): every test still runs at least once.
 */
function serverTests(): string[] {
  if (process.env.TEST_DB === 'postgres')
    return [
      'apps/server/src/**/*.test.ts',
      'apps/server/test/*.test.ts',
      'apps/server/test/postgres/*.test.ts',
    ];
  if (process.env.TEST_ENGINE_FILES_ONLY !== '1')
    return [
      'apps/server/src/**/*.test.ts',
      'apps/server/test/*.test.ts',
      'apps/server/test/process/*.test.ts',
    ];
  return [...PGLITE_ENGINE_FILES, 'apps/server/test/process/*.test.ts'];
}

/**
 * Server tests that open an embedded data folder whatever TEST_DB says (the CLI's, the engine's options): the PGlite
 * pass runs them, so the PostgreSQL pass leaves them out rather than run the same thing twice.
 */
const PGLITE_ONLY_FILES = ['apps/server/src/cli.test.ts', 'apps/server/src/db/pglite-options.test.ts'];

/** Server tests that also run on PGlite when the suite runs on PostgreSQL. */
const PGLITE_ENGINE_FILES = [
  // The embedded engine itself: its options, the data folder lock, the CLI and the demo seed on a data folder, and
  // the previous release's database upgraded on it (most clinics run it).
  'apps/server/src/db/**/*.test.ts',
  'apps/server/test/upgrade.test.ts',
  'apps/server/src/cli.test.ts',
  'apps/server/src/**/demo*.test.ts',
  // Code with a PGlite branch: LISTEN/NOTIFY in one process, claims with SKIP LOCKED, the audit chain's lock,
  // time zones PGlite lacks, statements prepared by name.
  'apps/server/src/**/*caller-cache.test.ts',
  'apps/server/src/**/*exactly-once.test.ts',
  'apps/server/src/modules/reminders/*.test.ts',
  'apps/server/src/**/audit-chain.test.ts',
  'apps/server/src/**/program-hot-paths.test.ts',
  'apps/server/src/**/attention-list.test.ts',
  // SQL the embedded engine must run as PostgreSQL does: text search, one-transaction saves, keyed saves.
  'apps/server/src/**/library-search.test.ts',
  'apps/server/src/**/programs-create.test.ts',
  'apps/server/src/**/feedback-submit.test.ts',
  'apps/server/src/**/feedback-idempotency.test.ts',
  // The pool's figures, which the embedded engine counts itself (db/client.ts watchConnections).
  'apps/server/src/modules/monitoring/*.test.ts',
  // Backups: the embedded engine's copy is taken inside PGlite (its data folder, under its locks), PostgreSQL's by
  // pg_dump.
  'apps/server/src/modules/backups/backup-restore*.test.ts',
  'apps/server/src/modules/backups/backup-daily.test.ts',
];

export default defineConfig({
  test: {
    // PGlite is heavy (hundreds of MB per instance) and CI machines have two cores.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      // What holds for the repository as a whole: its documents and the reasons code comments cite.
      { test: { name: 'repo', include: ['docs/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: serverTests(),
          exclude:
            process.env.TEST_DB === 'postgres' && process.env.TEST_ENGINE_FILES_ONLY === '1'
              ? [...configDefaults.exclude, ...PGLITE_ONLY_FILES]
              : configDefaults.exclude,
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: [
            'apps/server/test/fail-on-console-error.ts',
            'apps/server/test/one-database-per-file.ts',
          ],
          // Importing the app took most of the suite's time when every file imported it again (547 of 702 s).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Lingui's macros, as in the web app's build (apps/web/vite.config.ts).
        plugins: [babel({ include: /\/src\/.*\.tsx?$/, plugins: ['@lingui/babel-plugin-lingui-macro'] })],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/vite-plugins/**/*.test.ts'],
          setupFiles: ['apps/web/test/activate-english.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A journey waits for what a person would see; expect.poll's own default (1 s) is shorter than a page
          // load on a loaded 2-core machine, and was the cause of most failed landings.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
