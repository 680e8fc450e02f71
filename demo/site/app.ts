// The demo music site: discover wallets, connect, show the listener's catalog profile, sign in
// (EIP-4361), favorite a track and follow its artist (calls the site's sponsor pays for,
// through wallet_sendCalls), tip its artist (an ordinary transaction the listener pays for),
// favorite by an EIP-712 signature the site's relayer submits, support the artist monthly through
// a spend permission the site's server redeems, and "who am I" through a catalog ID token. Plain DOM code: the point is what a site needs, not a framework.

import { getAddress } from 'ethers';
import { formatSiweMessage } from '../../lib/eip/index.ts';
import { DEMO_TRACKS } from '../shared/favorite.ts';
import type { SupportState } from '../shared/support.ts';
import {
  type AnnouncedWallet,
  describeProviderError,
  discoverWallets,
  type Eip1193Provider,
  utf8ToHex,
} from './eip1193.ts';
import {
  addChain,
  readFavoriteCountAdding,
  relayChain,
  signAndRelayFavorite,
  useChain,
} from './favorite-flow.ts';
import { postJson } from './http.ts';
import { sendPaymasterCalls } from './paymaster-flow.ts';
import {
  fanCalls,
  readFanCounts,
  sendSponsoredCalls,
  sponsoredChain,
  waitForCalls,
} from './sponsored-flow.ts';
import { chargeSupport, describeSupport, grantSupport, readSupport } from './support-flow.ts';
import { sendTip, waitForReceipt } from './tip-flow.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;

let provider: Eip1193Provider | null = null;
let account: string | null = null;
let chainId: string | null = null;

/** A result line: words, and long hex (an address) in its own element, which may break anywhere. */
function show(id: string, text: string | readonly (string | Node)[], ok: boolean): void {
  const el = $(id);
  el.replaceChildren(...(typeof text === 'string' ? [text] : text));
  el.className = `result ${ok ? 'ok' : 'error'}`;
}

/** An address or a hash as the page shows it: code that breaks anywhere, never words. */
function hex(value: string): HTMLElement {
  const code = document.createElement('code');
  code.className = 'hex';
  code.textContent = value;
  return code;
}

function logEvent(name: string, data: unknown): void {
  const item = document.createElement('li');
  item.textContent = `${name} ${JSON.stringify(data)}`;
  item.dataset.event = name;
  $('events').append(item);
}

function renderSession(): void {
  const connected = account !== null;
  $('session').hidden = !connected;
  $('account').textContent = account ?? '';
  $('chain').textContent = chainId ? `${Number(chainId)} (${chainId})` : '';
  for (const id of [
    'siwe',
    'whoami',
    'favorite',
    'favorite-follow',
    'tip',
    'favorite-signed',
    'support',
  ]) {
    $<HTMLButtonElement>(id).disabled = !connected;
  }
}

async function loadProfile(): Promise<void> {
  const box = $('profile');
  if (!account) {
    box.textContent = 'Connect a wallet to see your profile.';
    return;
  }
  box.textContent = 'Loading profile…';
  const response = await fetch(`/api/profile/${account}`);
  if (response.status === 404) {
    box.textContent = 'No catalog profile is linked to this wallet.';
    return;
  }
  const profile = (await response.json()) as Record<string, unknown>;
  box.innerHTML = '';
  const name = document.createElement('strong');
  name.dataset.testid = 'profile-name';
  name.textContent = String(profile.name ?? '');
  const handle = document.createElement('span');
  handle.dataset.testid = 'profile-handle';
  handle.textContent = ` @${String(profile.handle ?? '')}${profile.verified ? ' ✓' : ''}`;
  const counts = document.createElement('p');
  counts.className = 'hint';
  counts.textContent = `${profile.followers} followers · ${profile.tracks} tracks`;
  box.append(name, handle, counts);
}

function setAccounts(accounts: unknown): void {
  // Wallets hand out lower-case addresses; EIP-4361 messages and people read them checksummed.
  account =
    Array.isArray(accounts) && typeof accounts[0] === 'string' ? getAddress(accounts[0]) : null;
  renderSession();
  void loadProfile();
  void loadSupport();
}

async function connect(wallet: AnnouncedWallet): Promise<void> {
  provider = wallet.provider;
  provider.on('accountsChanged', (accounts) => {
    logEvent('accountsChanged', accounts);
    setAccounts(accounts);
  });
  provider.on('chainChanged', (id) => {
    logEvent('chainChanged', id);
    chainId = String(id);
    renderSession();
  });
  try {
    const accounts = await provider.request({ method: 'eth_requestAccounts' });
    // Everything here runs on the site's chain: ask the wallet for it now, before the sign-in
    // message names a chain, rather than at the first favorite.
    const switched = await relayChain()
      .then((chain) => useChain(wallet.provider, chain))
      .then(
        () => null,
        (error: unknown) => describeProviderError(error),
      );
    chainId = String(await provider.request({ method: 'eth_chainId' }));
    setAccounts(accounts);
    markConnected(wallet.info.rdns);
    show(
      'connect-result',
      switched ? `Connected, but still on another chain: ${switched}` : '',
      switched === null,
    );
  } catch (error) {
    show('connect-result', `Could not connect: ${describeProviderError(error)}`, false);
  }
}

/** The wallet's button says it is connected; the others stay as they were. */
function markConnected(rdns: string): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-connect]')) {
    const connected = button.dataset.connect === rdns;
    button.textContent = connected ? 'Connected' : 'Connect';
    button.disabled = connected;
    button.classList.toggle('connected', connected);
  }
}

function addWallet(wallet: AnnouncedWallet): void {
  const list = $('wallets');
  list.querySelector('.hint')?.remove();
  const item = document.createElement('li');
  item.dataset.testid = 'wallet';
  item.dataset.rdns = wallet.info.rdns;
  const icon = document.createElement('img');
  icon.src = wallet.info.icon;
  icon.alt = '';
  const name = document.createElement('span');
  name.className = 'name';
  name.textContent = wallet.info.name;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Connect';
  button.dataset.testid = `connect-${wallet.info.rdns}`;
  button.dataset.connect = wallet.info.rdns;
  button.addEventListener('click', () => void connect(wallet));
  item.append(icon, name, button);
  list.append(item);
}

async function signIn(): Promise<void> {
  if (!provider || !account || !chainId) return;
  try {
    const { nonce } = await postJson('/api/siwe/nonce');
    const message = formatSiweMessage({
      domain: location.host,
      address: account,
      statement: 'Sign in to Backstage FM with your Encore wallet.',
      uri: location.origin,
      version: '1',
      chainId: Number(chainId),
      nonce: String(nonce),
      issuedAt: new Date().toISOString(),
      resources: [],
    });
    const signature = await provider.request({
      method: 'personal_sign',
      params: [utf8ToHex(message), account],
    });
    const result = await postJson('/api/siwe/verify', { message, signature });
    show('siwe-result', ['Signed in as ', hex(String(result.address))], true);
  } catch (error) {
    show('siwe-result', `Sign-in failed: ${describeProviderError(error)}`, false);
  }
}

const BATCH_OUTCOMES: Record<number, string> = {
  400: 'was never included (its deadline passed)',
  500: 'reverted on chain',
  600: 'partly reverted on chain',
};

async function favorite(follow: boolean): Promise<void> {
  const wallet = provider;
  const from = account;
  if (!wallet || !from) return;
  const track = DEMO_TRACKS.find((t) => t.id === $<HTMLSelectElement>('favorite-track').value);
  if (!track) return;
  for (const id of ['favorite-tx', 'favorite-count', 'follower-count']) $(id).textContent = '';
  const what = follow
    ? `Favorited "${track.title}" and followed ${track.artist}`
    : `Favorited "${track.title}"`;
  let chain: Awaited<ReturnType<typeof sponsoredChain>>;
  try {
    chain = await sponsoredChain();
    // The calls run on the site's chain: switched to (and added) as dapps do.
    await useChain(wallet, { ...chain, contract: chain.fanActions });
    const calls = fanCalls(chain, track, follow);
    // The ecosystem's way when the site has an ERC-7677 paymaster; else its own sponsor route.
    const send = () =>
      chain.paymasterUrl
        ? sendPaymasterCalls(wallet, from, chain, calls)
        : sendSponsoredCalls(wallet, from, chain, calls);
    // A wallet that knows the chain but cannot read it (4901) is offered the site's URL once.
    const id = await send().catch(async (error: unknown) => {
      if ((error as { code?: unknown })?.code !== 4901 || !chain.rpcUrl) throw error;
      await addChain(wallet, { ...chain, contract: chain.fanActions });
      return send();
    });
    show('favorite-result', 'Sent: waiting for the chain…', true);
    const outcome = await waitForCalls(wallet, id);
    $('favorite-tx').textContent = outcome.transactionHash ?? '';
    if (outcome.status !== 200) {
      const why = BATCH_OUTCOMES[outcome.status] ?? `ended with status ${outcome.status}`;
      show('favorite-result', `The calls ${why}; you paid nothing`, false);
      return;
    }
    show(
      'favorite-result',
      `${what}: confirmed in block ${outcome.block}, the site paid the fee`,
      true,
    );
  } catch (error) {
    show('favorite-result', `Favorite failed: ${describeProviderError(error)}`, false);
    return;
  }
  try {
    const counts = await readFanCounts(wallet, chain, track);
    $('favorite-count').textContent = `${counts.favorites} on chain ${chain.chainId}`;
    $('follower-count').textContent = `${counts.followers} on chain ${chain.chainId}`;
  } catch (error) {
    $('favorite-count').textContent =
      `Could not read the counts through the wallet: ${describeProviderError(error)}`;
  }
}

async function favoriteSigned(): Promise<void> {
  if (!provider || !account) return;
  const track = DEMO_TRACKS.find((t) => t.id === $<HTMLSelectElement>('favorite-track').value);
  if (!track) return;
  $('favorite-signed-tx').textContent = '';
  $('favorite-signed-count').textContent = '';
  let chain: Awaited<ReturnType<typeof relayChain>>;
  // The signature names its chain itself; the switch matters for reading the count back.
  let wrongChain: unknown = null;
  try {
    chain = await relayChain();
    await useChain(provider, chain).catch((error: unknown) => {
      wrongChain = error;
    });
    const txHash = await signAndRelayFavorite(provider, account, chain, track.id);
    $('favorite-signed-tx').textContent = txHash;
    show('favorite-signed-result', `Favorited "${track.title}": the relayer paid the fee`, true);
  } catch (error) {
    show('favorite-signed-result', `Favorite failed: ${describeProviderError(error)}`, false);
    return;
  }
  try {
    if (wrongChain) throw wrongChain;
    const count = await readFavoriteCountAdding(provider, chain, track.id);
    $('favorite-signed-count').textContent = `${count} on chain ${chain.chainId}`;
  } catch (error) {
    $('favorite-signed-count').textContent =
      `Could not read the count through the wallet: ${describeProviderError(error)}`;
  }
}

async function tip(): Promise<void> {
  if (!provider || !account) return;
  const track = DEMO_TRACKS.find((t) => t.id === $<HTMLSelectElement>('favorite-track').value);
  if (!track) return;
  $('tip-tx').textContent = '';
  let hash: string;
  try {
    // The tip goes out on the chain the site runs on (the relayer's), switched to as dapps do.
    await useChain(provider, await relayChain());
    hash = await sendTip(provider, account, track.artistWallet);
  } catch (error) {
    show('tip-result', `Tip failed: ${describeProviderError(error)}`, false);
    return;
  }
  $('tip-tx').textContent = hash;
  show('tip-result', `Tip to ${track.artist} sent, waiting for the chain…`, true);
  try {
    const { block, success } = await waitForReceipt(provider, hash);
    show(
      'tip-result',
      success
        ? `Tipped ${track.artist} 0.001 ETH: confirmed in block ${block}`
        : `The tip to ${track.artist} failed on chain (block ${block}); only the fee was spent`,
      success,
    );
  } catch (error) {
    show('tip-result', `Sent, but not confirmed yet: ${describeProviderError(error)}`, false);
  }
}

/** The permission's three lines; "Charge this month" is offered while it is alive. */
function renderSupport(state: SupportState | null): void {
  $<HTMLButtonElement>('support-charge').disabled = !state || state.revoked || state.expired;
  if (!state) {
    $('support-status').textContent = 'None yet.';
    $('support-next').textContent = '';
    $('support-charges').textContent = '';
    return;
  }
  const artist = DEMO_TRACKS.find((t) => t.id === state.trackId)?.artist ?? 'the artist';
  const lines = describeSupport(state, artist);
  $('support-status').textContent = lines.status;
  $('support-next').textContent = lines.next;
  $('support-charges').textContent = lines.charges;
}

async function loadSupport(): Promise<void> {
  const listener = account;
  renderSupport(null);
  if (!listener) return;
  renderSupport(await readSupport(listener).catch(() => null));
}

async function support(): Promise<void> {
  if (!provider || !account) return;
  const track = DEMO_TRACKS.find((t) => t.id === $<HTMLSelectElement>('favorite-track').value);
  if (!track) return;
  try {
    // The permission is granted on the site's chain, switched to as dapps do.
    const chain = await relayChain();
    await useChain(provider, chain);
    const wallet = provider;
    const listener = account;
    const grant = () => grantSupport(wallet, listener, track.id);
    // A wallet that knows the chain but cannot read it (4901) is offered the site's URL once.
    const state = await grant().catch(async (error: unknown) => {
      if ((error as { code?: unknown })?.code !== 4901 || !chain.rpcUrl) throw error;
      await addChain(wallet, chain);
      return grant();
    });
    renderSupport(state);
    show('support-result', `Thank you: ${track.artist} gets 0.001 ETH a month from you`, true);
  } catch (error) {
    show('support-result', `No permission granted: ${describeProviderError(error)}`, false);
  }
}

async function chargeMonth(): Promise<void> {
  if (!account) return;
  const listener = account;
  try {
    const { txHash, state } = await chargeSupport(listener);
    renderSupport(state);
    show('support-result', ['Charged 0.001 ETH for this period: ', hex(txHash)], true);
  } catch (error) {
    show('support-result', `Not charged: ${describeProviderError(error)}`, false);
    await loadSupport();
  }
}

async function whoAmI(): Promise<void> {
  if (!provider) return;
  try {
    const token = await provider.request({ method: 'encore_requestIdToken' });
    const result = await postJson('/api/whoami', { token });
    show('whoami-result', `You are ${String(result.name)} (@${String(result.handle)})`, true);
  } catch (error) {
    show('whoami-result', `Who am I failed: ${describeProviderError(error)}`, false);
  }
}

for (const track of DEMO_TRACKS) {
  const option = document.createElement('option');
  option.value = track.id;
  option.textContent = `${track.title} · ${track.artist}`;
  $('favorite-track').append(option);
}
$('favorite').addEventListener('click', () => void favorite(false));
$('favorite-follow').addEventListener('click', () => void favorite(true));
$('favorite-signed').addEventListener('click', () => void favoriteSigned());
$('tip').addEventListener('click', () => void tip());
$('support').addEventListener('click', () => void support());
$('support-charge').addEventListener('click', () => void chargeMonth());
$('siwe').addEventListener('click', () => void signIn());
$('whoami').addEventListener('click', () => void whoAmI());
discoverWallets(addWallet);
