import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Worker } from '@playwright/test';
import type { ExtensionBrowser } from './launch.ts';

// An installed extension for update tests: one fixed folder (an unpacked extension's id follows
// its path, so every build put there is the same extension, with the same storage), and a label
// in each build's worker so a test knows which code is running. Chrome keeps running a
// registered worker's stored script across restarts even when the folder changed, until the
// extension is reloaded, as it is when Chrome applies an update.

const LABEL = 'encoreTestBuildLabel';

/** Replaces `installDir`'s contents with `buildDir`, labelling its worker `label`. */
export async function installBuild(
  buildDir: string,
  installDir: string,
  label: string,
): Promise<void> {
  await rm(installDir, { recursive: true, force: true });
  await cp(buildDir, installDir, { recursive: true });
  const manifest = JSON.parse(await readFile(join(installDir, 'manifest.json'), 'utf8')) as {
    background: { service_worker: string };
  };
  const worker = join(installDir, manifest.background.service_worker);
  const source = await readFile(worker, 'utf8');
  await writeFile(worker, `globalThis.${LABEL} = ${JSON.stringify(label)};\n${source}`);
}

/** The label of the build whose worker is running. */
export function runningBuild(worker: Worker): Promise<unknown> {
  return worker.evaluate((key) => (globalThis as Record<string, unknown>)[key], LABEL);
}

/**
 * Developer mode, set in the profile before its first start: without it Chrome disables an
 * unpacked extension loaded from the command line when it is reloaded.
 */
export async function enableDeveloperMode(profileDir: string): Promise<void> {
  await mkdir(join(profileDir, 'Default'), { recursive: true });
  await writeFile(
    join(profileDir, 'Default', 'Preferences'),
    JSON.stringify({ extensions: { ui: { developer_mode: true } } }),
  );
}

/**
 * Applies the build now in the extension's folder the way Chrome applies an update: the
 * extension is unloaded and loaded again from disk, which registers the new worker (and so runs
 * it). Resolves to that worker.
 */
export async function applyUpdate(browser: ExtensionBrowser): Promise<Worker> {
  const old = await browser.serviceWorker();
  const next = browser.context.waitForEvent('serviceworker', {
    predicate: (worker) => worker !== old,
    timeout: 30_000,
  });
  // The worker is torn down mid-call, so this evaluation never answers: do not wait for it.
  void old
    .evaluate(() =>
      (
        globalThis as unknown as { chrome: { runtime: { reload(): void } } }
      ).chrome.runtime.reload(),
    )
    .catch(() => undefined);
  return next;
}
