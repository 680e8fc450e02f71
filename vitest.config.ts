import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { sourceCondition } from './scripts/build/source-condition.ts';

// Three projects: `unit` runs in-process (WXT's fake browser for extension code), `integration`
// starts real servers on 127.0.0.1 and is run on its own so it never competes with unit tests,
// `firefox` drives the built extension in Debian's Firefox ESR (`npm run test:firefox`).
export default defineConfig({
  // The @encore-wallet/* packages are imported by name and read from their sources.
  plugins: [sourceCondition()],
  test: {
    // MetaMask's Smart Accounts Kit sends usage analytics unless told not to: tests never reach
    // the internet.
    env: { DO_NOT_TRACK: '1' },
    projects: [
      {
        extends: true,
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'lib/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          exclude: ['packages/*/test/integration/**'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'packages/*/test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time: most of an integration file's time is spent waiting on the
          // servers, chains and processes it started (on 2 cores: 4.2 min instead of 6.3), and
          // every file asks for free ports and its own data directory.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
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
