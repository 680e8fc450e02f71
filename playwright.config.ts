import { defineConfig } from '@playwright/test';

// Browser tests drive the real built extension in Debian's Chromium (never a downloaded one).
export default defineConfig({
  testDir: 'tests/e2e',
  // Starts the backend and dev catalog on free ports and builds the extension once against them.
  globalSetup: './tests/e2e/support/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { trace: 'retain-on-failure' },
});
