import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** One runner for the whole workspace: engines and server in Node, web units in happy-dom, e2e in Chromium. */
export default defineConfig({
  test: {
    // Three files at a time on the 2-core CI machine: vitest's default (cores − 1) runs one file at a time, and
    // with two the cores still sit idle about half the time (measured: the suite used 733 s of CPU in 982 s on
    // two workers), because an e2e file or a spawned server mostly waits on timers, its server and Chromium.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/support/postgres-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/support/build-web.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A page under a loaded CI machine can take seconds to settle; vitest's 1 s default made polls flaky.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
