// The options page's bundler URL per chain: refused as an RPC URL is (a credential in it, not
// http(s)), saved for its chain, and what the worker then offers sites (paymasterService).
import { expect, test } from './support/fixtures.ts';

test('the options page takes a bundler URL per chain, validated as an RPC URL, and saves it', async ({
  context,
  extensionId,
}) => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  const field = page.getByTestId('bundler-url-31337');
  await expect(field).toHaveValue('');

  await field.fill('http://me:secret@127.0.0.1:4337');
  await page.getByTestId('save-settings').click();
  await expect(
    page.getByText(
      'Remove the user name and password from the URL (user:password@ is not allowed)',
    ),
  ).toBeVisible();
  await field.fill('ws://127.0.0.1:4337');
  await page.getByTestId('save-settings').click();
  await expect(page.getByText('Enter a full http:// or https:// URL')).toBeVisible();

  await field.fill(' http://127.0.0.1:4337 ');
  await page.getByTestId('save-settings').click();
  await expect(page.getByTestId('settings-status')).toHaveText('Saved.');
  await page.reload();
  await expect(page.getByTestId('bundler-url-31337')).toHaveValue('http://127.0.0.1:4337');
  const stored = await page.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: { runtime: { sendMessage(message: unknown): Promise<{ result?: unknown }> } };
    };
    return (await chrome.runtime.sendMessage({ type: 'settings.get' })).result as {
      bundlerUrls: Record<string, string>;
    };
  });
  expect(stored.bundlerUrls).toEqual({ '31337': 'http://127.0.0.1:4337' });
});
