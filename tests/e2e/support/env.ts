// What globalSetup started, handed to the test workers through environment variables (Playwright
// passes globalSetup's process.env on to every worker).

export interface E2EEnv {
  /** The built extension (the folder Chromium loads). */
  extensionDir: string;
  /** The Firefox build against the same servers (only the Firefox suite makes it). */
  firefoxExtensionDir?: string;
  /** The WXT_* variables it was built with (a previous release is built with the same). */
  extensionBuildEnv: Record<string, string>;
  backendUrl: string;
  catalogHostListUrl: string;
  /** Each dev-catalog API host (POST /dev/wallets works on the host list and on each host). */
  catalogHostUrls: string[];
  /** A few dev-catalog users (seeded, so stable) for tests to attach wallets to. */
  catalogUsers: { id: string; handle: string; name: string; isVerified: boolean }[];
  /** Extra services added by other areas (e.g. the demo site): name → URL. */
  services: Record<string, string>;
}

const KEY = 'ENCORE_E2E_ENV';

export function exportEnv(env: E2EEnv): void {
  process.env[KEY] = JSON.stringify(env);
}

export function e2eEnv(): E2EEnv {
  const raw = process.env[KEY];
  if (!raw) {
    throw new Error('ENCORE_E2E_ENV is not set: run browser tests through `npx playwright test`.');
  }
  return JSON.parse(raw) as E2EEnv;
}
