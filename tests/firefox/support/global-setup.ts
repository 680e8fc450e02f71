import type { TestProject } from 'vitest/node';
import type { E2EEnv } from '../../e2e/support/env.ts';
import { startE2EServices } from '../../e2e/support/global-setup.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    encoreEnv: E2EEnv;
  }
}

/**
 * The same servers as the Chromium suite (backend on temp SQLite, dev catalog, demo site on free
 * 127.0.0.1 ports), and both builds against them: the Firefox tests load the Firefox build, and
 * the cross-browser ones the Chromium build too.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { env, teardown } = await startE2EServices({ firefox: true });
  project.provide('encoreEnv', env);
  return teardown;
}
