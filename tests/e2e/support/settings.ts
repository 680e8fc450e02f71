import { expect, type Page } from '@playwright/test';

/**
 * Changes the extension's settings from one of its pages, as the settings page does (the worker's
 * `settings.set`); resolves to the worker's answer once it said ok.
 */
export async function setSettings(page: Page, patch: Record<string, unknown>): Promise<unknown> {
  const answer = await page.evaluate((fields) => {
    const { chrome } = globalThis as unknown as {
      chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
    };
    return chrome.runtime.sendMessage({ type: 'settings.set', ...fields });
  }, patch);
  expect(answer).toMatchObject({ ok: true });
  return answer;
}

/** Points the extension at a backend of the test's own (127.0.0.1 is a granted host). */
export async function useBackend(page: Page, backendUrl: string): Promise<void> {
  expect(await setSettings(page, { backendUrl })).toMatchObject({ result: { backendUrl } });
}
