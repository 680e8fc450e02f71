// Rotation on the key holder's side: several keys, each under its id; an evaluation uses the key
// the client names; the integrator adds a key, makes it current, and later retires the old one,
// after which the old id evaluates nothing.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  evaluateWithKeyHolder,
  KeyHolderRefusedError,
  type PinnedKeyHolder,
} from '@encore-wallet/core/key-holder';
import { bytesToHex } from '@encore-wallet/utils/encoding';
import { afterAll, describe, expect, it } from 'vitest';
import { addKey, makeCurrent, retireKey } from '../src/cli/key-file-commands.ts';
import { createKeyHolder, KeyHolderConfigError, type KeyRing, loadKeyRing } from '../src/index.ts';
import { fetchFrom, HOLDER_URL } from './support/in-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'encore-key-file-'));
const path = join(dir, 'keys.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const input = new TextEncoder().encode('derived from the password');

async function evaluateUnder(ring: KeyRing, keyId: string): Promise<string> {
  const holder = await createKeyHolder({ keys: ring, databaseUrl: 'sqlite::memory:' });
  try {
    const publicKey = ring.get(keyId)?.publicKey ?? '00'.repeat(32);
    const pin: PinnedKeyHolder = { url: HOLDER_URL, keyId, publicKey };
    return bytesToHex(
      await evaluateWithKeyHolder({
        username: 'dana',
        input,
        keyHolder: pin,
        fetch: fetchFrom(holder),
      }),
    );
  } finally {
    await holder.close();
  }
}

describe('rotating the key holder’s key', () => {
  let before = '';
  let oldPublicKey = '';

  it('starts with one key, in a file only its owner reads', async () => {
    const line = addKey(path, '2026-11', false);
    expect(line).toMatch(/^2026-11 [0-9a-f]{64} \(current\)$/);
    expect(statSync(path).mode & 0o077).toBe(0);
    const ring = loadKeyRing({ KEY_HOLDER_KEYS_FILE: path });
    oldPublicKey = ring.get('2026-11')?.publicKey ?? '';
    before = await evaluateUnder(ring, '2026-11');
  });

  it('adds a new key and evaluates under whichever key the client names', async () => {
    addKey(path, '2027-05', false);
    makeCurrent(path, '2027-05');
    const ring = loadKeyRing({ KEY_HOLDER_KEYS_FILE: path });
    expect(ring.current).toBe('2027-05');
    expect(ring.get('2026-11')?.publicKey).toBe(oldPublicKey);
    // A record made under the old key still gets the same output (it still opens)...
    expect(await evaluateUnder(ring, '2026-11')).toBe(before);
    // ...and the new key gives another one, for the record re-made under it.
    expect(await evaluateUnder(ring, '2027-05')).not.toBe(before);
  });

  it('never retires the current key', () => {
    expect(() => retireKey(path, '2027-05')).toThrow(KeyHolderConfigError);
  });

  it('retires the old key: its id evaluates nothing any more', async () => {
    retireKey(path, '2026-11');
    const ring = loadKeyRing({ KEY_HOLDER_KEYS_FILE: path });
    expect(ring.list().map((k) => k.id)).toEqual(['2027-05']);
    const holder = await createKeyHolder({ keys: ring, databaseUrl: 'sqlite::memory:' });
    try {
      const old = evaluateWithKeyHolder({
        username: 'dana',
        input,
        keyHolder: { url: HOLDER_URL, keyId: '2026-11', publicKey: oldPublicKey },
        fetch: fetchFrom(holder),
      });
      await expect(old).rejects.toBeInstanceOf(KeyHolderRefusedError);
      await expect(old).rejects.toMatchObject({ status: 404, code: 'KEY_HOLDER_REFUSED' });
    } finally {
      await holder.close();
    }
  });

  it('reads the same ring from KEY_HOLDER_KEYS, and refuses both sources or neither', async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(path, 'utf8');
    expect(loadKeyRing({ KEY_HOLDER_KEYS: text }).current).toBe('2027-05');
    expect(() => loadKeyRing({ KEY_HOLDER_KEYS: text, KEY_HOLDER_KEYS_FILE: path })).toThrow(
      KeyHolderConfigError,
    );
    expect(() => loadKeyRing({})).toThrow(/no key/);
    expect(() => loadKeyRing({ KEY_HOLDER_KEYS: '{"current":"a","keys":[]}' })).toThrow(
      /current key "a" is not among/,
    );
  });
});
