import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take 20 s to two minutes (the lifecycle model's two parts, the crash, fuzzing and
 * hostile-upload tests) start first, so that the short files fill the workers' last minutes. Vitest
 * orders a fresh clone's files by size (it has no timings yet), which started these small files
 * last, one of them then running alone for the last 45 s of the unit stage.
 */
const LONG = /\/(lifecycle-model|lifecycle-model-part-2|crash-recovery|fuzz|hostile-uploads)\.test\.ts$/;
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => LONG.test(f.moduleId)), ...sorted.filter((f) => !LONG.test(f.moduleId))];
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    // files are independent (each boots its own in-memory database, temporary directories, free
    // ports), so two run at once; Vitest would pick one on two cores (cores - 1)
    maxWorkers: 2,
    // the failures again at the end, on stdout: a log cut to its end still says which and why
    reporters: ['default', './tools/vitest-failures-last.ts'],
    projects: [
      {
        test: { name: 'contracts', root: './packages/contracts', include: ['test/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['test/**/*.test.ts'],
          exclude: ['test/server-mode/**'],
          environment: 'node',
          // the tests that start API processes run the compiled build, as production does
          globalSetup: ['./test/support/global-setup.ts'],
          // the files share one import of the app (each builds its own app and database): importing
          // it afresh for every file took half the suite's time
          isolate: false,
          // a hang guard, not a speed check: many tests boot an app of their own, which on a busy
          // machine (the stress run's two CPU burners) takes well over the usual figure
          testTimeout: 120000,
          hookTimeout: 120000,
        },
      },
      {
        // The same API suite on a PostgreSQL server and Redis, with the two-process tests (npm run test:server).
        test: {
          name: 'api-server',
          root: './apps/api',
          include: ['test/**/*.test.ts'],
          // the security proofs (fuzzing, uploads, crashes, faults) are about the code, not the database
          // kind; they run once, in the api project (the crash test there uses a real process)
          // key rotation re-encrypts every row of the database, so it needs a database of its own
          // and the back office's first-start account needs a fresh one (both run in the api project)
          exclude: ['test/security/**', 'test/storage-and-keys.test.ts', 'test/backoffice-*.test.ts'],
          environment: 'node',
          // one database for every file (the fault test has its own, see run.ts): the files' data are
          // apart (unique mobiles, PANs and e-mails), so two run at once
          maxWorkers: 2,
          isolate: false,
          // a hang guard, as in the api project: on a busy machine a fresh embedded database alone
          // (the files that open one beside the server's) took over 60 s
          testTimeout: 120000,
          hookTimeout: 120000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // the files share one import of the modules (setting up jsdom and importing them afresh for
          // each file took two thirds of the project's time); a test that needs a fresh app resets
          // the modules (support/app-at-route.tsx), the translator included; a file that gives it
          // catalogues starts it afresh (i18n.init), so they do not stay for the next
          isolate: false,
          setupFiles: ['./test/setup.ts'],
          // route-level tests render the whole app, lazy pages included: a busy machine may take
          // longer than the default 5 s for one
          testTimeout: 30000,
        },
      },
    ],
  },
});
