import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Three projects: `unit` runs in-process (WXT's fake browser for extension code), `integration`
// starts real servers on 127.0.0.1 and is run on its own so it never competes with unit tests,
// `firefox` drives the built extension in Debian's Firefox ESR (`npm run test:firefox`).
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'lib/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'firefox',
          include: ['tests/firefox/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/firefox/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // One browser at a time: the machine's cores are shared.
          fileParallelism: false,
        },
      },
    ],
  },
});
