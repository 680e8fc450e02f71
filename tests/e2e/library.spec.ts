import type { Page } from '@playwright/test';
import {
  deadHost,
  hostList,
  linkedWallet,
  scrollToEnd,
  tabCount,
  useCatalog,
} from './library-support.ts';
import { signUp, uniqueUsername } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

// The library page driven as a person would: from the popup's profile card, through the tabs, to
// the end of a list; against each dialect of the dev catalog and with a dead host in the list.

async function openLibraryFromPopup(popup: Page): Promise<Page> {
  const [library] = await Promise.all([
    popup.context().waitForEvent('page'),
    popup.getByTestId('open-library').click(),
  ]);
  await library.waitForLoadState();
  expect(new URL(library.url()).pathname).toBe('/library.html');
  return library;
}

test('the linked wallet opens its library and pages through followers to the end', async ({
  env,
  openPopup,
}) => {
  const star = env.catalogUsers[0]!;
  const popup = await openPopup();
  await linkedWallet(popup, env, star.id);
  await popup.reload();
  await expect(popup.getByTestId('profile-name')).toHaveText(star.name);

  const library = await openLibraryFromPopup(popup);
  await expect(library.getByTestId('library-user-name')).toHaveText(star.name);
  // The first tab shows the person's own tracks.
  await expect(library.getByTestId('library-tab-tracks')).toHaveAttribute('aria-selected', 'true');
  await expect(library.getByTestId('library-item').first()).toBeVisible();

  await library.getByTestId('library-tab-followers').click();
  await expect(library.getByRole('tabpanel')).toHaveAttribute(
    'aria-labelledby',
    'library-tab-followers',
  );
  const stated = await tabCount(library, 'followers');
  expect(stated).toBeGreaterThan(20); // more than one page
  const seen = await scrollToEnd(library);
  expect(seen).toBe(stated);
  expect(Number(await library.getByTestId('library-end').getAttribute('data-count'))).toBe(stated);

  // Leaving a tab at once: only the new tab's items arrive (the old tab's request is dropped).
  await library.getByTestId('library-tab-reposts').click();
  await library.getByTestId('library-tab-following').click();
  const following = await tabCount(library, 'following');
  expect(await scrollToEnd(library)).toBe(following);

  // Back to followers later: the session cache shows the whole list again, end marker included.
  await library.getByTestId('library-tab-following').click();
  await library.getByTestId('library-tab-followers').click();
  await expect(library.getByTestId('library-end')).toBeVisible();
  await expect(library.getByTestId('library-item')).toHaveCount(stated);
});

test('tabs follow the keyboard, and another person opens read-only', async ({ env, openPopup }) => {
  const popup = await openPopup();
  await linkedWallet(popup, env, env.catalogUsers[1]!.id);
  await popup.reload();
  const library = await openLibraryFromPopup(popup);
  const tracks = library.getByTestId('library-tab-tracks');
  await expect(tracks).toHaveAttribute('aria-selected', 'true');
  await tracks.focus();
  await library.keyboard.press('ArrowRight');
  const favorites = library.getByTestId('library-tab-favorites');
  await expect(favorites).toHaveAttribute('aria-selected', 'true');
  await expect(favorites).toBeFocused();
  // Every tab shows its count, Favorites too (the catalog states none on the user: it is the
  // length of the favorites list, which may hold a few items the catalog no longer lists).
  for (const tab of await library.getByRole('tab').all()) {
    await expect(tab.locator('.tab-count')).toBeVisible();
  }
  const favoriteCount = await tabCount(library, 'favorites');
  expect(await scrollToEnd(library)).toBeLessThanOrEqual(favoriteCount);
  await library.keyboard.press('End');
  await expect(library.getByTestId('library-tab-supporting')).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // This person supports nobody: the tab says so.
  await expect(library.getByTestId('library-count-supporting')).toHaveAttribute('data-count', '0');
  await expect(library.getByTestId('library-empty')).toHaveText('Not supporting anyone yet.');
  await library.keyboard.press('ArrowRight');
  await expect(tracks).toHaveAttribute('aria-selected', 'true');

  // Search within the library: the catalog's own query on the person's tracks.
  const firstTitle =
    (await library.getByTestId('library-item').first().locator('a').first().textContent()) ?? '';
  const word = firstTitle.split(' ')[0]!;
  await library.getByTestId('library-track-search').fill(word);
  const titles = (): Promise<string[]> =>
    library.getByTestId('library-item').locator('.item-title a').allTextContents();
  // The search applies after a short pause: wait until every title shown has the word.
  await expect
    .poll(async () => {
      const shown = await titles();
      return shown.length > 0 && shown.every((t) => t.includes(word));
    })
    .toBe(true);
  await expect(library.getByTestId('library-end')).toBeVisible();

  // Search the catalog for someone else and open their public library.
  const other = env.catalogUsers[2]!;
  await library.getByTestId('library-user-search').fill(other.handle);
  await library.getByTestId('library-user-result').first().click();
  await expect(library.getByTestId('library-user-name')).toHaveText(other.name);
  await expect(library.getByTestId('library-read-only')).toBeVisible();
  expect(new URL(library.url()).searchParams.get('user')).toBe(other.id);
  await library.getByTestId('library-back-to-mine').click();
  await expect(library.getByTestId('library-user-name')).toHaveText(env.catalogUsers[1]!.name);
});

test('a wallet with no catalog user sees that plainly', async ({ openPopup, extensionId }) => {
  const popup = await openPopup();
  await signUp(popup, uniqueUsername('nouser'));
  const library = await popup.context().newPage();
  await library.goto(`chrome-extension://${extensionId}/library.html`);
  await expect(library.getByTestId('library-no-user')).toBeVisible();
});

test('both API dialects: each host alone serves the library', async ({ env, openPopup }) => {
  const star = env.catalogUsers[0]!;
  const popup = await openPopup();
  await linkedWallet(popup, env, star.id);
  await popup.reload();
  const library = await openLibraryFromPopup(popup);
  const flavors = ['go', 'python'];
  for (const [i, host] of env.catalogHostUrls.entries()) {
    await useCatalog(library, host);
    await library.reload();
    await expect(library.getByTestId('library-user-name')).toHaveText(star.name);
    await library.getByTestId('library-tab-following').click();
    const stated = await tabCount(library, 'following');
    expect(await scrollToEnd(library)).toBe(stated);
    await library.getByTestId('library-tab-playlists').click();
    if (flavors[i] === 'go') {
      await expect(library.getByTestId('library-item').first()).toBeVisible();
      await library.getByTestId('library-playlist-toggle').first().click();
      await expect(
        library.getByTestId('library-playlist-tracks').locator('li').first(),
      ).toBeVisible();
    } else {
      // Older hosts have no route for a person's playlists: said plainly, with a retry.
      await expect(library.getByTestId('library-error')).toContainText('older one');
      await expect(library.getByTestId('library-retry')).toBeVisible();
    }
  }
});

test('a dead host: errors when it is the only one, the library still loads beside it', async ({
  env,
  openPopup,
}) => {
  const star = env.catalogUsers[0]!;
  const popup = await openPopup();
  await linkedWallet(popup, env, star.id);
  await popup.reload();
  const library = await openLibraryFromPopup(popup);
  const dead = await deadHost();
  const onlyDead = await hostList([dead.url]);
  const mixed = await hostList([dead.url, env.catalogHostUrls[0]!]);
  try {
    await useCatalog(library, onlyDead.url);
    await library.reload();
    await expect(library.getByTestId('library-error')).toContainText('cannot be reached');

    await useCatalog(library, mixed.url);
    const before = dead.connections();
    // Each load draws its host afresh: load until one started on the dead host.
    for (let i = 0; i < 12 && dead.connections() === before; i++) {
      await library.reload();
      await expect(library.getByTestId('library-user-name')).toHaveText(star.name);
      await expect(library.getByTestId('library-item').first()).toBeVisible();
    }
    expect(dead.connections()).toBeGreaterThan(before);
  } finally {
    await Promise.all([dead.close(), onlyDead.close(), mixed.close()]);
  }
});
