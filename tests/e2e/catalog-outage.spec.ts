import type { Page } from '@playwright/test';
import { type DevCatalog, startDevCatalog } from '../../dev-catalog/index.ts';
import { useCatalog } from './library-support.ts';
import { signUp, uniqueUsername } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { expectCleanLayout, POPUP_SIZE } from './support/layout.ts';

// Every catalog host failing, then one coming back, with the extension left alone throughout (no
// reload, no reinstall). A dev catalog of the test's own, so its fault switch (POST /dev/faults,
// dev mode only) touches no other spec; the extension is pointed at it as the settings page does.

const OUTAGE = 'The music catalog cannot be reached right now.';

async function post(catalog: DevCatalog, path: string, body: unknown): Promise<void> {
  const answer = await fetch(new URL(path, catalog.hostListUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status, await answer.text()).toBe(200);
}

const tryAgain = (page: Page, where: string) =>
  page
    .getByRole(
      where === 'popup' ? 'region' : 'alert',
      where === 'popup' ? { name: 'Music profile' } : {},
    )
    .getByRole('button', { name: 'Try again' });

test('every catalog host failing: popup and library say so, and recover when a host is back', async ({
  context,
  extensionId,
  openPopup,
}) => {
  test.setTimeout(120_000);
  const catalog = await startDevCatalog({ port: 0, hosts: 2, dev: true, seed: 1, users: 60 });
  try {
    const star = catalog.dataset.users[0]!;
    const popup = await openPopup();
    await useCatalog(popup, catalog.hostListUrl);

    // Both API hosts answer 503 from before the wallet exists: nothing cached to fall back on.
    await post(catalog, 'dev/faults', { failing: 'all', kind: 'error' });
    const address = await signUp(popup, uniqueUsername('outage'));
    await post(catalog, 'dev/wallets', { userId: star.id, wallet: address });
    await expect(popup.getByTestId('profile-error')).toHaveText(OUTAGE);
    const library = await context.newPage();
    await library.goto(`chrome-extension://${extensionId}/library.html`);
    await expect(library.getByTestId('library-error')).toHaveText(OUTAGE);

    // One host back, the other still failing: "Try again" in each page finds it.
    await post(catalog, 'dev/faults', { failing: [1], kind: 'error' });
    await tryAgain(popup, 'popup').click();
    await expect(popup.getByTestId('profile-name')).toHaveText(star.name);
    await tryAgain(library, 'library').click();
    await expect(library.getByTestId('library-user-name')).toHaveText(star.name);
    await expect(library.getByTestId('library-item').first()).toBeVisible();

    // Down again, now accepting connections and never answering. A popup opened meanwhile shows
    // the profile it knew and says it could not check it; neither page spins for ever.
    await post(catalog, 'dev/faults', { failing: 'all', kind: 'hang' });
    const later = await openPopup();
    await expect(later.getByTestId('profile-name')).toHaveText(star.name);
    await expect(later.getByTestId('profile-stale')).toHaveText(
      `Could not check for changes: ${OUTAGE}`,
      { timeout: 30_000 },
    );
    await library.reload();
    await expect(library.getByTestId('library-error')).toHaveText(OUTAGE, { timeout: 30_000 });

    // Every host back.
    await post(catalog, 'dev/faults', { failing: 'none' });
    await tryAgain(later, 'popup').click();
    await expect(later.getByTestId('profile-stale')).toHaveCount(0);
    await expect(later.getByTestId('profile-name')).toHaveText(star.name);
    await tryAgain(library, 'library').click();
    await expect(library.getByTestId('library-user-name')).toHaveText(star.name);
    await expect(library.getByTestId('library-item').first()).toBeVisible();
  } finally {
    await catalog.close();
  }
});

test('a profile search while the catalog is down says so in an alert tied to the search field', async ({
  openPopup,
}) => {
  const catalog = await startDevCatalog({ port: 0, hosts: 2, dev: true, seed: 1, users: 60 });
  try {
    const wanted = catalog.dataset.users[1]!;
    const popup = await openPopup();
    await popup.setViewportSize(POPUP_SIZE);
    await useCatalog(popup, catalog.hostListUrl);
    await signUp(popup, uniqueUsername('search-outage'));
    await expect(popup.getByTestId('no-profile')).toBeVisible();

    // The search by keyboard: type, Enter.
    await post(catalog, 'dev/faults', { failing: 'all', kind: 'error' });
    const search = popup.getByTestId('profile-search');
    await search.focus();
    await popup.keyboard.type(wanted.handle);
    await popup.keyboard.press('Enter');
    await expect(popup.getByRole('alert').filter({ hasText: OUTAGE })).toBeVisible();
    await expect(search).toHaveAttribute('aria-invalid', 'true');
    await expect(search).toHaveAccessibleDescription(OUTAGE);
    await expectCleanLayout(popup, 'profile search, the catalog down');

    // Back: the same search finds the user, and the alert is gone.
    await post(catalog, 'dev/faults', { failing: 'none' });
    await search.press('Enter');
    await expect(popup.getByTestId('profile-search-results')).toContainText(`@${wanted.handle}`);
    await expect(popup.getByTestId('profile-search-error')).toHaveCount(0);
    await expect(search).not.toHaveAttribute('aria-invalid', 'true');
  } finally {
    await catalog.close();
  }
});
