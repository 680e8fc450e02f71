// A music site's page, written against the installed packages only: sign-up, login and logout
// through the wallet core and the backend client, and an artist read from the catalog. The backend
// URL, the catalog host list and the artist's wallet come in the query string.
import { createBackendFns } from '@encore-wallet/backend-client';
import { createCatalogClient, type User } from '@encore-wallet/catalog';
import { BackendError, Hedgehog, HedgehogError } from '@encore-wallet/core';
import { checkPassword } from '@encore-wallet/core/password-policy';

const query = new URLSearchParams(location.search);
const { getFn, setAuthFn, setUserFn } = createBackendFns({ baseUrl: query.get('backend') ?? '' });
const hedgehog = new Hedgehog(getFn, setAuthFn, setUserFn);
const catalog = createCatalogClient({ hostListUrl: query.get('catalog') ?? '', appName: 'site' });

const field = (id: string): HTMLInputElement => document.getElementById(id) as HTMLInputElement;
const show = (id: string, text: string): void => {
  (document.getElementById(id) as HTMLOutputElement).value = text;
};

/** Which error, as the page would tell the person: the class and, for the backend, its status. */
function explain(error: unknown): string {
  if (error instanceof BackendError) return `BackendError ${error.status}`;
  if (error instanceof HedgehogError) return error.code;
  return String(error);
}

let actions = 0;

/** Runs one button's action; `data-actions` counts the finished ones (for the test to wait on). */
async function run(action: () => Promise<string>): Promise<void> {
  show('error', '');
  try {
    show('address', await action());
  } catch (error) {
    show('error', explain(error));
  }
  document.body.dataset.actions = String(++actions);
}

const credentials = (): [string, string] => [field('username').value, field('password').value];

document.getElementById('sign-up')?.addEventListener('click', () =>
  run(async () => {
    const policy = checkPassword(credentials()[1]);
    if (!policy.ok) throw new Error(policy.message);
    return (await hedgehog.signUp(...credentials())).address;
  }),
);
document
  .getElementById('log-in')
  ?.addEventListener('click', () =>
    run(async () => (await hedgehog.login(...credentials())).address),
  );
document.getElementById('log-out')?.addEventListener('click', () =>
  run(async () => {
    await hedgehog.logout();
    return 'logged out';
  }),
);

const wallet = query.get('artist');
if (wallet) {
  const id = await catalog.getUserIdByWallet(wallet);
  const user: User | null = id ? await catalog.getUser(id) : null;
  show('artist', user ? `${user.name} (@${user.handle}), ${user.follower_count} followers` : '-');
}
const restored = await hedgehog.restoreLocalWallet();
if (restored) show('address', restored.address);
document.body.dataset.ready = 'true';
