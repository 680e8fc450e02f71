// The session snapshot as the popup reads it straight from storage, before the worker answers
// (peekSnapshot), and the hand-written reader the worker and the popup share (parseSnapshot).
// The popup only shows a snapshot that sits beside plain entropy it was written for, in one area.

import { MAX_USERNAME_LENGTH } from '@encore-wallet/contract';
import { sha256Hex } from '@encore-wallet/utils/encoding';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createWalletSession } from '../../../lib/extension/background/index.ts';
import type { WalletCatalogProfile } from '../../../lib/extension/catalog/index.ts';
import {
  parseSnapshot,
  peekSnapshot,
  type SessionSnapshot,
  SNAPSHOT_KEY,
} from '../../../lib/extension/session-snapshot/index.ts';
import { LOCAL_STORAGE_IS_PRIVATE, updateSettings } from '../../../lib/extension/settings/index.ts';
import {
  createWalletSealer,
  ENTROPY_KEY,
  WALLET_PREFIX,
} from '../../../lib/extension/storage/index.ts';
import { memoryBackend } from './support/memory-backend.ts';
import { memoryKeyStore } from './support/sealing.ts';

const PASSWORD = 'violet tram plays 7 encores';
// The storage layout's own names: peekSnapshot writes them out (its folder keeps zod away).
const ENTROPY = ENTROPY_KEY;
const SNAPSHOT = WALLET_PREFIX + SNAPSHOT_KEY;
const ENTROPY_VALUE = '0123456789abcdef0123456789abcdef';
const ADDRESS = '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4';

const PROFILE: WalletCatalogProfile = {
  user: {
    id: 'u1',
    handle: 'ada',
    name: 'Ada',
    verified: true,
    pictureUrl: 'https://img.example/ada.jpg',
    followerCount: 12,
    followingCount: 3,
    trackCount: 4,
  },
  topTracks: [{ id: 't1', title: 'Tram', playCount: 99, artworkUrl: null }],
};

async function snapshotFor(
  entropy: string,
  fields: Partial<SessionSnapshot> = {},
): Promise<SessionSnapshot> {
  return {
    version: 1,
    entropyDigest: await sha256Hex(entropy),
    address: ADDRESS,
    username: 'ada',
    catalog: null,
    ...fields,
  };
}

/** Writes entropy and a snapshot into `area` as the worker keeps them there (plain strings). */
async function store(
  area: 'local' | 'session',
  values: { entropy?: unknown; snapshot?: unknown },
): Promise<void> {
  const items: Record<string, unknown> = {};
  if (values.entropy !== undefined) items[ENTROPY] = values.entropy;
  if (values.snapshot !== undefined) {
    items[SNAPSHOT] =
      typeof values.snapshot === 'string' ? values.snapshot : JSON.stringify(values.snapshot);
  }
  await fakeBrowser.storage[area].set(items);
}

describe('peekSnapshot', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads the snapshot the worker wrote at sign-up, and the profile it remembered', async () => {
    const session = createWalletSession({ backend: memoryBackend() });
    const { address } = await session.signUp('ada', PASSWORD);
    expect(await peekSnapshot()).toMatchObject({ address, username: 'ada', catalog: null });

    await session.rememberProfile(address!, PROFILE);
    expect((await peekSnapshot())?.catalog).toMatchObject({ userId: 'u1', profile: PROFILE });
  });

  it('reads it from storage.session when the lock setting keeps the wallet there', async () => {
    await updateSettings({ lockOnBrowserClose: true });
    const { address } = await createWalletSession({ backend: memoryBackend() }).signUp(
      'ada',
      PASSWORD,
    );
    expect(await fakeBrowser.storage.local.get(SNAPSHOT)).toEqual({});
    expect(await peekSnapshot()).toMatchObject({ address, username: 'ada' });
  });

  it('finds a valid snapshot beside its entropy, in either area', async () => {
    const snapshot = await snapshotFor(ENTROPY_VALUE);
    await store('local', { entropy: ENTROPY_VALUE, snapshot });
    expect(await peekSnapshot()).toEqual(snapshot);
    fakeBrowser.reset();
    await store('session', { entropy: ENTROPY_VALUE, snapshot });
    expect(await peekSnapshot()).toEqual(snapshot);
  });

  it('finds nothing when nobody is logged in', async () => {
    expect(await peekSnapshot()).toBeNull();
  });

  it('ignores a snapshot written for other entropy', async () => {
    await store('local', {
      entropy: ENTROPY_VALUE,
      snapshot: await snapshotFor('fedcba9876543210fedcba9876543210'),
    });
    expect(await peekSnapshot()).toBeNull();
  });

  it('ignores a snapshot with no entropy beside it', async () => {
    await store('local', { snapshot: await snapshotFor(ENTROPY_VALUE) });
    expect(await peekSnapshot()).toBeNull();
  });

  it('ignores a snapshot whose entropy is in the other area', async () => {
    const snapshot = await snapshotFor(ENTROPY_VALUE);
    await store('local', { entropy: ENTROPY_VALUE });
    await store('session', { snapshot });
    expect(await peekSnapshot()).toBeNull();
    fakeBrowser.reset();
    await store('session', { entropy: ENTROPY_VALUE });
    await store('local', { snapshot });
    expect(await peekSnapshot()).toBeNull();
  });

  it('shows neither when both areas hold one (a move between them is under way)', async () => {
    const snapshot = await snapshotFor(ENTROPY_VALUE);
    await store('local', { entropy: ENTROPY_VALUE, snapshot });
    await store('session', { entropy: ENTROPY_VALUE, snapshot });
    expect(await peekSnapshot()).toBeNull();
  });

  it('ignores values that are not plain strings', async () => {
    const snapshot = await snapshotFor(ENTROPY_VALUE);
    await store('local', { entropy: { iv: 'x', data: 'y' }, snapshot });
    expect(await peekSnapshot()).toBeNull();
    fakeBrowser.reset();
    await fakeBrowser.storage.local.set({ [ENTROPY]: ENTROPY_VALUE, [SNAPSHOT]: snapshot });
    expect(await peekSnapshot()).toBeNull();
  });

  it('finds nothing in storage.local sealed as the Firefox build keeps it', async () => {
    const session = createWalletSession({
      backend: memoryBackend(),
      sealer: createWalletSealer(memoryKeyStore()),
    });
    await session.signUp('ada', PASSWORD);
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).toContain(SNAPSHOT);
    expect(await peekSnapshot()).toBeNull();
  });

  it('reads storage.local by default exactly where the settings call it private', async () => {
    await store('local', { entropy: ENTROPY_VALUE, snapshot: await snapshotFor(ENTROPY_VALUE) });
    expect((await peekSnapshot()) !== null).toBe(LOCAL_STORAGE_IS_PRIVATE);
  });

  it('does not read plain values in storage.local where that area is not private (Firefox)', async () => {
    const snapshot = await snapshotFor(ENTROPY_VALUE);
    await store('local', { entropy: ENTROPY_VALUE, snapshot });
    expect(await peekSnapshot({ plainLocal: false })).toBeNull();
    // storage.session is the extension's own there too.
    fakeBrowser.reset();
    await store('session', { entropy: ENTROPY_VALUE, snapshot });
    expect(await peekSnapshot({ plainLocal: false })).toEqual(snapshot);
  });

  it.each([
    ['an address that is not 40 hex digits', { address: '0x1234' }],
    ['an address with a non-hex digit', { address: `0x${'g'.repeat(40)}` }],
    ['an address without 0x', { address: ADDRESS.slice(2) }],
    ['an empty username', { username: '' }],
  ] as const)('ignores a snapshot with %s', async (_, fields) => {
    await store('local', {
      entropy: ENTROPY_VALUE,
      snapshot: await snapshotFor(ENTROPY_VALUE, fields),
    });
    expect(await peekSnapshot()).toBeNull();
  });

  it('finds nothing when storage cannot be read', async () => {
    await store('local', { entropy: ENTROPY_VALUE, snapshot: await snapshotFor(ENTROPY_VALUE) });
    const get = vi
      .spyOn(fakeBrowser.storage.session, 'get')
      .mockRejectedValue(new Error('storage unavailable'));
    try {
      expect(await peekSnapshot()).toBeNull();
    } finally {
      get.mockRestore();
    }
  });
});

describe('parseSnapshot', () => {
  const digest = 'ab'.repeat(32);
  const valid = (): Record<string, unknown> => ({
    version: 1,
    entropyDigest: digest,
    address: ADDRESS,
    username: 'ada',
    catalog: { userId: 'u1', profile: PROFILE, checkedAt: 1_700_000_000_000 },
  });
  const parse = (value: unknown): SessionSnapshot | null =>
    parseSnapshot(JSON.stringify(value), digest);
  const withUser = (fields: Record<string, unknown>) => ({
    ...valid(),
    catalog: {
      userId: 'u1',
      profile: { ...PROFILE, user: { ...PROFILE.user, ...fields } },
      checkedAt: 1,
    },
  });

  it('reads a valid snapshot, with a profile or without', () => {
    expect(parse(valid())).toEqual(valid());
    const none = {
      ...valid(),
      username: null,
      catalog: { userId: null, profile: null, checkedAt: 0 },
    };
    expect(parse(none)).toEqual(none);
    expect(parse({ ...valid(), catalog: null })).toEqual({ ...valid(), catalog: null });
    // The backend contract's limit, which the reader writes out.
    const longest = { ...valid(), username: 'a'.repeat(MAX_USERNAME_LENGTH) };
    expect(parse(longest)).toEqual(longest);
  });

  it('reads a profile the person chose (marked chosen: true), and nothing else in its place', () => {
    const chosen = {
      ...valid(),
      catalog: { userId: 'u1', profile: { ...PROFILE, chosen: true }, checkedAt: 1 },
    };
    expect(parse(chosen)).toEqual(chosen);
    for (const mark of [false, 'yes', 1]) {
      expect(
        parse({
          ...valid(),
          catalog: { userId: 'u1', profile: { ...PROFILE, chosen: mark }, checkedAt: 1 },
        }),
      ).toBeNull();
    }
  });

  it.each([
    ['a digest of other entropy', { ...valid(), entropyDigest: 'cd'.repeat(32) }],
    ['a missing field', { ...valid(), username: undefined }],
    ['an extra field', { ...valid(), extra: 1 }],
    ['a future version', { ...valid(), version: 2 }],
    ['a username over the limit', { ...valid(), username: 'a'.repeat(MAX_USERNAME_LENGTH + 1) }],
    ['a picture that is not http(s)', withUser({ pictureUrl: 'javascript:alert(1)' })],
    ['a count that is not a safe integer', withUser({ followerCount: 2 ** 53 })],
    ['a negative count', withUser({ trackCount: -1 })],
    ['an extra field in the profile', withUser({ email: 'ada@example.com' })],
    ['an empty user id', withUser({ id: '' })],
    [
      'a profile of another user than its userId',
      { ...valid(), catalog: { userId: 'u2', profile: PROFILE, checkedAt: 1 } },
    ],
    [
      'more than ten top tracks',
      {
        ...valid(),
        catalog: {
          userId: 'u1',
          profile: { ...PROFILE, topTracks: Array(11).fill(PROFILE.topTracks[0]) },
          checkedAt: 1,
        },
      },
    ],
    [
      'a track with a script URL as its artwork',
      {
        ...valid(),
        catalog: {
          userId: 'u1',
          profile: {
            ...PROFILE,
            topTracks: [{ id: 't1', title: 'x', playCount: 1, artworkUrl: 'data:image/png,' }],
          },
          checkedAt: 1,
        },
      },
    ],
    ['an array', [valid()]],
  ])('refuses %s', (_, value) => {
    expect(parse(value)).toBeNull();
  });

  it('refuses what is not JSON text', () => {
    expect(parseSnapshot('{"version":1,', digest)).toBeNull();
    expect(parseSnapshot(valid(), digest)).toBeNull();
    expect(parseSnapshot(null, digest)).toBeNull();
  });
});
