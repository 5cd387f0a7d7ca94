import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/**/*.test.ts', 'packages/web/src/**/*.test.{ts,tsx}', 'packages/server/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'server',
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
          fileParallelism: false,
          // A page under a loaded CI machine can take seconds to show what a person waits for.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
