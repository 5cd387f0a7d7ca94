import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, where an API test file leaves
// the second core idle while PGlite or PostgreSQL works. Every API test file has a database of its own, so they run
// two at a time at least.
const apiWorkers = Math.max(2, os.availableParallelism() - 1);
// Browser files two at a time (each has a server and pages of its own), after the API files. E2E_WORKERS=1 runs them
// one at a time.
const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS) || 2);
// The station files after those, one at a time: a scanner's key burst is told from typing by its timing, and they run
// with the CPU throttled 4×, which another file beside them turns into more. Two at a time took 173–193 s against 218
// but failed 2 runs of 11 (by-hand: two scans merged into one code once, a count's 10 s wait ran out once).
// STATION_WORKERS=2 to try it. `npm test` (scripts/test.mjs) runs them in a vitest of their own beside the other projects,
// which run at the idle CPU priority meanwhile; a plain `vitest run` runs them last.
const stationWorkers = Math.max(1, Number(process.env.STATION_WORKERS) || 1);
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

/**
 * The files that take longest (seconds on this 2-core machine, 2026-11-28), in that order. Vitest starts the files it
 * timed before longest first, but a fresh clone (CI) has no such record and starts the largest files first: the
 * corpus file (small, 100 s) then ran last, alone, while the other worker idled.
 */
const LONGEST_FIRST = [
  'e2e/shell/crawl.spec.ts', // 121
  'packages/server/src/security/bad-input.int.test.ts', // 103
  'e2e/shell/layout.spec.ts', // 84
  'e2e/forms/validation.spec.ts', // 82
  'packages/server/src/security/survives.int.test.ts', // 76
  'e2e/stations/by-hand.spec.ts', // 53
  'e2e/system/staff.spec.ts', // 49
  'e2e/config/pages.spec.ts', // 46
  'packages/server/src/modules/notification/outbox-crash.int.test.ts', // 42
  'packages/server/src/modules/backup/scheduled.int.test.ts', // 38
  'packages/server/src/modules/backup/roundtrip.int.test.ts', // 31
];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.indexOf(path.relative(import.meta.dirname, f.moduleId));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    // Stable: the groups and projects keep Vitest's order, and so do the other files.
    return (await super.sort(files)).sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        (a.project.name < b.project.name ? -1 : a.project.name > b.project.name ? 1 : 0) ||
        rank(a) - rank(b),
    );
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
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
          fileParallelism: stationWorkers > 1,
          maxWorkers: stationWorkers,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
