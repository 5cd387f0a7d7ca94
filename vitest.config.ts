import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, where an API test file leaves
// the second core idle while PGlite or PostgreSQL works. Every API test file has a database of its own, so they run
// two at a time at least.
const apiWorkers = Math.max(2, os.availableParallelism() - 1);
// Browser files one after another by default: a scanner's key burst is told from typing by its timing, which two files
// sharing two cores could blur. E2E_WORKERS=2 runs two at a time, after the API files (being measured for issue #31).
const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS) || 1);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          maxWorkers: apiWorkers,
          include: ['packages/shared/**/*.test.ts', 'packages/web/src/**/*.test.{ts,tsx}', 'packages/server/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'server',
          maxWorkers: apiWorkers,
          // A worker keeps the server's modules from one file to the next (each file still opens a database and an app
          // of its own, and puts back any environment variable it changes): 663 s → 573 s for the suite on PGlite.
          isolate: false,
          include: ['packages/server/src/**/*.int.test.ts'],
          globalSetup: ['packages/server/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['packages/server/src/testing/global-setup.ts', 'e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // As for the API files: the server's modules are imported once per worker, not once per file (about 3.5 s each).
          isolate: false,
          fileParallelism: e2eWorkers > 1,
          maxWorkers: e2eWorkers,
          // After the API files (a project that keeps its modules between files needs a group of its own).
          sequence: { groupOrder: 1 },
          // A page under a loaded CI machine can take seconds to show what a person waits for.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
