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
