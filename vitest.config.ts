import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, where an API test file leaves
// the second core idle while PGlite or PostgreSQL works. Every API test file has a database of its own, so they run
// two at a time at least.
const apiWorkers = Math.max(2, os.availableParallelism() - 1);
// Browser files two at a time (each has a server and pages of its own), after the API files.
// The station files run after those, one at a time: a scanner's key burst is told from typing by its timing, and they
// run with the CPU throttled 4×, which another file beside them would turn into more. E2E_WORKERS=1 runs the others
// one at a time too.
const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS) || 2);
/** The browser files that scan at a station (see above). */
const STATION_SPECS = ['e2e/stations/**/*.spec.ts', 'e2e/goods-in/journey.spec.ts', 'e2e/goods-out/**/*.spec.ts', 'e2e/shell/dark-mode.spec.ts'];
const e2eProject = {
  globalSetup: ['packages/server/src/testing/global-setup.ts', 'e2e/support/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // As for the API files: the server's modules are imported once per worker, not once per file (about 3.5 s each).
  isolate: false,
  // A page under a loaded CI machine can take seconds to show what a person waits for.
  expect: { poll: { timeout: 10_000 } },
};

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
          ...e2eProject,
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          exclude: STATION_SPECS,
          fileParallelism: e2eWorkers > 1,
          maxWorkers: e2eWorkers,
          // After the API files (a project that keeps its modules between files needs a group of its own).
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...e2eProject,
          name: 'stations',
          include: STATION_SPECS,
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
