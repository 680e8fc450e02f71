// Linking a catalog profile from the popup's search: `catalog.link` takes a catalog user id
// (zod-checked: an id, nothing else), reads that user from the catalog before keeping anything,
// and from then on the wallet's profile is that user, marked as chosen, until `catalog.unlink`.
// Only extension pages may link: a content script (any site, through the relay's renderer)
// cannot pin a profile on the person's wallet.
import { type CatalogClient, CatalogError, type Track, type User } from '@encore-wallet/catalog';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createLinkedProfiles } from '../../../lib/extension/catalog/index.ts';
import {
  createRouter,
  type MessageResponse,
  messageHandlers,
  type Router,
} from '../../../lib/extension/messages/index.ts';
import type { WalletSession } from '../../../lib/extension/session/index.ts';
import { contentScript, popup } from './support/senders.ts';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const AVA = {
  id: 'nl5A2',
  handle: 'avashah',
  name: 'Ava Shah',
  is_verified: false,
  follower_count: 12,
  followee_count: 3,
  track_count: 4,
  playlist_count: 0,
  album_count: 0,
  repost_count: 0,
  profile_picture: null,
  cover_photo: null,
} as unknown as User;

const asked: string[] = [];
const client = {
  getUserIdByWallet: async () => null,
  getUser: async (id: string) => {
    asked.push(id);
    if (id === AVA.id) return AVA;
    throw new CatalogError('CATALOG_HTTP_ERROR', 'not found', { status: 404 });
  },
  getUserTracks: async () => [] as Track[],
} as unknown as CatalogClient;

const session = {
  ready: async () => undefined,
  getAddress: () => ADDRESS,
  rememberProfile: async () => undefined,
} as unknown as WalletSession;

function setup(): Router {
  // The catalog messages' own dependencies; no other message is sent here.
  const deps = {
    session,
    catalogClient: async () => client,
    linkedProfiles: createLinkedProfiles(),
  };
  return createRouter({
    handlers: messageHandlers(deps as unknown as Parameters<typeof messageHandlers>[0]),
  });
}

function errorOf(response: MessageResponse): { code: string; issues?: { path: string }[] } {
  if (response.ok) throw new Error(`expected an error, got ${JSON.stringify(response.result)}`);
  return response.error as { code: string; issues?: { path: string }[] };
}

describe('linking a catalog profile', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    asked.length = 0;
  });

  it('a clicked result becomes the wallet’s profile, marked as chosen, until unlinked', async () => {
    const router = setup();
    expect(await router.handle({ type: 'getCatalogProfile' }, popup)).toEqual({
      ok: true,
      result: null,
    });
    const linked = await router.handle({ type: 'catalog.link', userId: AVA.id }, popup);
    expect(linked).toMatchObject({
      ok: true,
      result: { user: { id: AVA.id, handle: 'avashah' }, topTracks: [], chosen: true },
    });
    // Another popup, later: the same profile.
    expect(await setup().handle({ type: 'getCatalogProfile' }, popup)).toEqual(linked);
    expect(await router.handle({ type: 'catalog.unlink' }, popup)).toEqual({
      ok: true,
      result: null,
    });
    expect(await router.handle({ type: 'getCatalogProfile' }, popup)).toEqual({
      ok: true,
      result: null,
    });
  });

  it('an id the catalog does not know links nothing', async () => {
    const router = setup();
    const error = errorOf(await router.handle({ type: 'catalog.link', userId: 'zzzzz' }, popup));
    expect(error.code).toBe('CATALOG_HTTP_ERROR');
    expect(await router.handle({ type: 'getCatalogProfile' }, popup)).toEqual({
      ok: true,
      result: null,
    });
  });

  it.each([
    [{}, 'userId'],
    [{ userId: '' }, 'userId'],
    [{ userId: 42 }, 'userId'],
    [{ userId: '../dev/wallets' }, 'userId'],
    [{ userId: 'x'.repeat(65) }, 'userId'],
    [{ userId: AVA.id, address: ADDRESS }, ''],
  ])('refuses %j, naming the field, and asks the catalog nothing', async (payload, path) => {
    const error = errorOf(await setup().handle({ type: 'catalog.link', ...payload }, popup));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.issues?.map((issue) => issue.path)).toContain(path);
    expect(asked).toEqual([]);
  });

  it('attack: a content script can neither link a profile nor unlink one', async () => {
    const router = setup();
    await router.handle({ type: 'catalog.link', userId: AVA.id }, popup);
    for (const message of [{ type: 'catalog.link', userId: AVA.id }, { type: 'catalog.unlink' }]) {
      expect(errorOf(await router.handle(message, contentScript)).code).toBe('FORBIDDEN_SENDER');
    }
    // Still the person's own choice.
    expect(await router.handle({ type: 'getCatalogProfile' }, popup)).toMatchObject({
      ok: true,
      result: { user: { id: AVA.id }, chosen: true },
    });
    fakeBrowser.reset();
    asked.length = 0;
    await router.handle({ type: 'catalog.link', userId: AVA.id }, contentScript);
    expect(asked).toEqual([]);
    expect(await router.handle({ type: 'getCatalogProfile' }, popup)).toEqual({
      ok: true,
      result: null,
    });
  });
});
