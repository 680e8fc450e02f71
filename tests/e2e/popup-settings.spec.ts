import { expect, test } from './support/fixtures.ts';

test('the settings page validates, saves and keeps the settings', async ({
  context,
  extensionId,
  env,
}) => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  // Defaults come from the build's environment: this build points at the test servers.
  await expect(page.getByTestId('backend-url')).toHaveValue(env.backendUrl);

  await page.getByTestId('backend-url').fill('not a url');
  await page.getByTestId('app-name').fill('   ');
  await page.getByTestId('save-settings').click();
  await expect(page.getByText('Enter a full http:// or https:// URL')).toBeVisible();
  await expect(page.getByText('The app name cannot be empty')).toBeVisible();

  await page.getByTestId('backend-url').fill(`${env.backendUrl}/`);
  await page.getByTestId('app-name').fill('encore-e2e-renamed');
  await page.getByTestId('chain').selectOption('11155111');
  await page.getByTestId('save-settings').click();
  await expect(page.getByTestId('settings-status')).toHaveText('Saved.');

  await page.reload();
  await expect(page.getByTestId('app-name')).toHaveValue('encore-e2e-renamed');
  await expect(page.getByTestId('chain')).toHaveValue('11155111');
  // Stored without the trailing slash, so the backend URL stays one canonical value.
  await expect(page.getByTestId('backend-url')).toHaveValue(env.backendUrl);
});

test('the settings page lists the chains sites added, and removes one on save', async ({
  context,
  extensionId,
}) => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  // What an approved wallet_addEthereumChain leaves in storage (a site cannot write it directly).
  const polygon = {
    id: 137,
    name: 'Polygon',
    rpcUrl: 'https://polygon-rpc.example/v1',
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    blockExplorerUrls: [],
  };
  const gnosis = { ...polygon, id: 100, name: 'Gnosis', rpcUrl: 'https://gnosis.example' };
  await page.evaluate(
    (addedChains) => {
      const { chrome } = globalThis as unknown as {
        chrome: { storage: { local: { set(items: object): Promise<void> } } };
      };
      return chrome.storage.local.set({ 'encore:settings': { addedChains, chainId: 137 } });
    },
    [polygon, gnosis],
  );
  await page.reload();
  await expect(page.getByTestId('added-chain-137')).toContainText('Polygon (137)');
  await expect(page.getByTestId('added-chain-137')).toContainText(polygon.rpcUrl);
  await expect(page.getByTestId('chain')).toHaveValue('137');

  await page.getByTestId('remove-chain-137').click();
  await page.getByTestId('save-settings').click();
  await expect(page.getByTestId('settings-status')).toHaveText('Saved.');
  await page.reload();
  await expect(page.getByTestId('added-chain-137')).toHaveCount(0);
  await expect(page.getByTestId('added-chain-100')).toContainText('Gnosis (100)');
  // The current chain was the removed one: sites are back on Ethereum.
  await expect(page.getByTestId('chain')).toHaveValue('1');
});
