// The hardened derivation runs the strong scrypt and the key holder's round trip side by side:
// the key holder's private input is a hash of the credentials, not the scrypt's output, so its
// request leaves before the scrypt ends, and an answer that comes only after the scrypt is done
// is used all the same. A record under a previous key of the key holder is re-hardened under the
// current key at its owner's next login, after which the old key can be retired.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createMemoryStore,
  Hedgehog,
  type HedgehogOptions,
  KeyHolderAnswerRefusedError,
  StrongRecord,
  strongCredentials,
} from '../src/index.ts';
import { keyHolderAccountIdHex } from '../src/key-holder/index.ts';
import { newSecretKey, startTestKeyHolder, type TestKeyHolder } from './support/key-holder.ts';
import { createMemoryBackend, type MemoryBackend } from './support/memory-backend.ts';

const USERNAME = 'Kestrel.Beside@example.io';
const PASSWORD = 'cobalt-orchard-halyard-19';

let keyHolder: TestKeyHolder;
let backend: MemoryBackend;

beforeEach(async () => {
  keyHolder = await startTestKeyHolder(['k1']);
  backend = createMemoryBackend();
});
afterEach(async () => {
  await keyHolder.close();
});

function browser(options: HedgehogOptions = {}): Hedgehog {
  return new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
    storage: createMemoryStore(),
    replacesAtomically: true,
    keyHolder: keyHolder.config(),
    ...options,
  });
}

function deferred<T>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const master = () => {
  const strong = strongCredentials(USERNAME, PASSWORD);
  return StrongRecord.deriveMaster(strong.username, strong.password);
};

describe('the hardened derivation', () => {
  it("sends the key holder's request before the strong derivation ends", async () => {
    const wallet = await browser().signUp(USERNAME, PASSWORD);
    const strongMaster = deferred<Uint8Array | null>();
    const arrived = deferred<void>();
    const config = keyHolder.config();
    const hedgehog = browser({
      keyHolder: {
        ...config,
        fetch: (url, init) => {
          arrived.resolve();
          return keyHolder.fetch(url, init);
        },
      },
    });
    const login = hedgehog.login(USERNAME, PASSWORD, { strongMaster: strongMaster.promise });
    // The strong derivation (the caller's, here) has not ended: the request is out all the same.
    await arrived.promise;
    strongMaster.resolve(await master());
    expect((await login).address).toBe(wallet.address);
  });

  it("uses the key holder's answer held until the strong derivation finished", async () => {
    const wallet = await browser().signUp(USERNAME, PASSWORD);
    const derived = master();
    keyHolder.hold = derived.then(() => undefined);
    const login = browser().login(USERNAME, PASSWORD, { strongMaster: derived });
    expect((await login).address).toBe(wallet.address);
    keyHolder.hold = null;
  });
});

describe("rotating the key holder's key", () => {
  it('re-hardens a record under the previous key at its next login, then the old key can go', async () => {
    const wallet = await browser().signUp(USERNAME, PASSWORD);
    const [underK1] = [...backend.records.keys()];
    const k1 = keyHolder.file.keys[0];
    if (!k1) throw new Error('no k1');
    // The integrator adds k2 and makes it current; builds pin k2 and keep k1 in `previous`.
    await keyHolder.reopen({ current: 'k2', keys: [k1, { id: 'k2', secretKey: newSecretKey() }] });
    const rotated = () => browser({ keyHolder: keyHolder.config('k2', ['k1']) });
    keyHolder.requests.length = 0;
    expect((await rotated().login(USERNAME, PASSWORD)).address).toBe(wallet.address);
    expect(backend.records.size).toBe(1);
    expect(backend.records.has(underK1 ?? '')).toBe(false);
    const account = await keyHolderAccountIdHex(USERNAME);
    expect(keyHolder.requests.map((r) => [r.path, r.body.keyId])).toEqual([
      ['/evaluate', 'k2'],
      ['/evaluate', 'k1'],
      ['/hardened', 'k2'],
    ]);
    expect(keyHolder.requests.at(-1)?.body.account).toBe(account);
    // The next login evaluates under k2 alone.
    keyHolder.requests.length = 0;
    expect((await rotated().login(USERNAME, PASSWORD)).address).toBe(wallet.address);
    expect(keyHolder.requests.map((r) => r.body.keyId)).toEqual(['k2']);
    // k1 retired from the key holder and from the builds: the account still opens.
    const k2 = keyHolder.file.keys[1];
    if (!k2) throw new Error('no k2');
    await keyHolder.reopen({ current: 'k2', keys: [k2] });
    expect(
      (await browser({ keyHolder: keyHolder.config('k2') }).login(USERNAME, PASSWORD)).address,
    ).toBe(wallet.address);
  });

  it('refuses a mark naming a key the build does not pin, and looks nowhere', async () => {
    await browser().signUp(USERNAME, PASSWORD);
    const k1 = keyHolder.file.keys[0];
    if (!k1) throw new Error('no k1');
    await keyHolder.reopen({ current: 'k2', keys: [k1, { id: 'k2', secretKey: newSecretKey() }] });
    backend.calls.getFn.length = 0;
    const error = await browser({ keyHolder: keyHolder.config('k2') })
      .login(USERNAME, PASSWORD)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeyHolderAnswerRefusedError);
    expect((error as KeyHolderAnswerRefusedError).reason).toBe('unpinned-mark');
    expect(backend.calls.getFn).toEqual([]);
  });
});

describe('a hardened record the key holder does not mark', () => {
  it('is found first and marked at the next login', async () => {
    keyHolder.mode = 'no-marks';
    const wallet = await browser().signUp(USERNAME, PASSWORD);
    const [hardened] = [...backend.records.keys()];
    backend.calls.getFn.length = 0;
    keyHolder.requests.length = 0;
    expect((await browser().login(USERNAME, PASSWORD)).address).toBe(wallet.address);
    expect(backend.calls.getFn).toEqual([hardened]);
    expect(keyHolder.requests.map((r) => r.path)).toEqual(['/evaluate', '/hardened']);
  });
});

describe('a mark that fails', () => {
  it("fails the sign-up with the key holder's error once the record is stored, and a retry marks it", async () => {
    keyHolder.mode = 'marks-down';
    const here = browser();
    await expect(here.signUp(USERNAME, PASSWORD)).rejects.toMatchObject({
      code: 'KEY_HOLDER_UNREACHABLE',
    });
    expect(backend.records.size).toBe(1);
    keyHolder.mode = 'honest';
    keyHolder.requests.length = 0;
    const wallet = await here.signUp(USERNAME, PASSWORD);
    expect(keyHolder.requests.map((r) => r.path)).toEqual(['/evaluate', '/hardened']);
    expect(backend.records.size).toBe(1);
    expect((await browser().login(USERNAME, PASSWORD)).address).toBe(wallet.address);
  });
});
