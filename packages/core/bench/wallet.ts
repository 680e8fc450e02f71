// Wallet-core benchmark: median sign-up and login for Encore and for @audius/hedgehog 2.1.0
// (Node code path) against an in-memory backend, and the floor — two native crypto.scrypt calls,
// the least any Hedgehog-compatible login can do. Rounds interleave the contenders so a busy
// machine slows them alike. Run: npm run bench   (BENCH_RUNS=N to change the round count)
import { scrypt as nodeScrypt } from 'node:crypto';
import { type GetFn as AudiusGetFn, Hedgehog as AudiusHedgehog } from '@audius/hedgehog';
import { scrypt as hashWasmScrypt } from 'hash-wasm';
import scryptJs from 'scrypt-js';
import { benchInteger } from '../../../bench/internal/env-integer.ts';
import { median } from '../../../bench/internal/median.ts';
import { benchReport } from '../../../bench/internal/report.ts';
import type { AuthRecord, GetFn, SetAuthFn, SetUserFn } from '../src/index.ts';
import { createMemoryStore, Hedgehog } from '../src/index.ts';
import { scryptImplementation, useScryptImplementation } from '../src/internal/scrypt.ts';
import { benchStrongRecord } from './strong-record-bench.ts';

const RUNS = benchInteger('BENCH_RUNS', 7);
const PASSWORD = 'bench-password-correct-horse';
const N = 32768;
const R = 8;
const MAXMEM = 128 * R * (N + 2) + 1024;

function memoryBackend(): { getFn: GetFn; setAuthFn: SetAuthFn; setUserFn: SetUserFn } {
  const records = new Map<string, AuthRecord>();
  return {
    getFn: async ({ lookupKey }) => records.get(lookupKey) ?? null,
    setAuthFn: async ({ lookupKey, iv, cipherText }) => {
      records.set(lookupKey, { iv, cipherText });
    },
    setUserFn: async () => undefined,
  };
}

function native(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    nodeScrypt(password, salt, 32, { N, r: R, p: 1, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

function wasm(password: string, salt: string): Promise<Uint8Array> {
  return hashWasmScrypt({
    password,
    salt,
    costFactor: N,
    blockSize: R,
    parallelism: 1,
    hashLength: 32,
    outputType: 'binary',
  });
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const ms = (x: number): string => `${x.toFixed(0).padStart(6)} ms`;

async function main(): Promise<void> {
  const report = benchReport('wallet');
  const backend = memoryBackend();
  const audiusGetFn = backend.getFn as unknown as AudiusGetFn;
  const audiusStorage = new Map<string, string>();
  const audiusLocalStorage = {
    getItem: (k: string): string | null => audiusStorage.get(k) ?? null,
    setItem: (k: string, v: string): void => void audiusStorage.set(k, v),
    removeItem: (k: string): void => void audiusStorage.delete(k),
  };
  const audius = (): AudiusHedgehog =>
    new AudiusHedgehog(
      audiusGetFn,
      backend.setAuthFn,
      backend.setUserFn,
      false,
      audiusLocalStorage,
    );

  // Cold start first, before anything has compiled the scrypt WebAssembly in this process.
  const coldHedgehog = new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
    storage: createMemoryStore(),
  });
  const warmUp = await time(() => coldHedgehog.warmUp());
  await audius().signUp('cold@bench', PASSWORD);
  const coldLogin = await time(() => coldHedgehog.login('cold@bench', PASSWORD));

  const t = {
    encoreSignUp: [] as number[],
    encoreWasmSignUp: [] as number[],
    encoreLogin: [] as number[],
    audiusSignUp: [] as number[],
    audiusLogin: [] as number[],
    floor: [] as number[],
    wasmSeq: [] as number[],
    wasmConcurrent: [] as number[],
    scryptNative: [] as number[],
    scryptWasm: [] as number[],
    scryptJs: [] as number[],
  };
  const encore = new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
    storage: createMemoryStore(),
  });
  for (let i = 0; i < RUNS; i++) {
    const a = audius();
    // The two native sign-ups take turns going first, so neither always meets the garbage the
    // previous round left (scrypt-js's arrays, hash-wasm's memory) or a warmer cache.
    const encoreSignUp = async (): Promise<void> => {
      t.encoreSignUp.push(await time(() => encore.signUp(`encore-${i}@bench`, PASSWORD)));
    };
    const audiusSignUp = async (): Promise<void> => {
      t.audiusSignUp.push(await time(() => a.signUp(`audius-${i}@bench`, PASSWORD)));
    };
    for (const run of i % 2 ? [audiusSignUp, encoreSignUp] : [encoreSignUp, audiusSignUp]) {
      await run();
    }
    // The same sign-up as a page or the extension runs it: hash-wasm, one derivation at a time.
    useScryptImplementation('wasm');
    t.encoreWasmSignUp.push(await time(() => encore.signUp(`encore-wasm-${i}@bench`, PASSWORD)));
    useScryptImplementation(null);
    t.encoreLogin.push(await time(() => encore.login(`encore-${i}@bench`, PASSWORD)));
    t.audiusLogin.push(await time(() => a.login(`audius-${i}@bench`, PASSWORD)));
    t.floor.push(
      await time(async () => {
        await native(`floor-${i}@bench:::${PASSWORD}`, '0x4f7242b39969c3ac4c6712524d633ce9');
        await native(PASSWORD, 'f9dbaa8099419bd4ed9a095664a2a722');
      }),
    );
    // Would sign-up gain from running its two derivations at once? hash-wasm runs synchronously
    // inside WebAssembly on one thread, so "concurrent" should equal sequential.
    t.wasmSeq.push(
      await time(async () => {
        await wasm('a', 'salt-a');
        await wasm('b', 'salt-b');
      }),
    );
    t.wasmConcurrent.push(
      await time(() => Promise.all([wasm('a', 'salt-a'), wasm('b', 'salt-b')])),
    );
    if (i < 3) {
      t.scryptNative.push(await time(() => native(PASSWORD, 'salt')));
      t.scryptWasm.push(await time(() => wasm(PASSWORD, 'salt')));
      t.scryptJs.push(
        await time(async () =>
          scryptJs.syncScrypt(Buffer.from(PASSWORD), Buffer.from('salt'), N, R, 1, 32),
        ),
      );
    }
  }

  const floor = median(t.floor);
  const encoreLogin = median(t.encoreLogin);
  const signUpRatio = median(t.encoreSignUp) / median(t.audiusSignUp);
  const engine = scryptImplementation() === 'native' ? 'native scrypt' : 'hash-wasm';
  console.log(`wallet core benchmark, median of ${RUNS} rounds (scrypt N=${N}, r=${R}, p=1)`);
  console.log('                          sign-up      login');
  console.log(`Encore (${engine})  ${ms(median(t.encoreSignUp))}  ${ms(encoreLogin)}`);
  console.log(`Encore (hash-wasm)     ${ms(median(t.encoreWasmSignUp))}`);
  console.log(`@audius/hedgehog 2.1.0 ${ms(median(t.audiusSignUp))}  ${ms(median(t.audiusLogin))}`);
  console.log(`floor: 2x native scrypt             ${ms(floor)}`);
  console.log(`Encore login / floor: ${(encoreLogin / floor).toFixed(2)}x (target <= 1.05x)`);
  console.log(
    `Encore sign-up / @audius/hedgehog sign-up: ${signUpRatio.toFixed(2)}x (target <= 1.0x)`,
  );
  console.log('');
  console.log(`cold start: warmUp() ${ms(warmUp)}, then first login ${ms(coldLogin)}`);
  console.log(
    `two hash-wasm derivations: sequential ${ms(median(t.wasmSeq))}, ` +
      `Promise.all ${ms(median(t.wasmConcurrent))}`,
  );
  console.log(
    `one derivation: native ${ms(median(t.scryptNative))}, hash-wasm ${ms(median(t.scryptWasm))}, ` +
      `scrypt-js sync ${ms(median(t.scryptJs))}`,
  );
  report.row(
    `Encore (${engine}, both sign-up derivations at once): sign-up / login`,
    `${ms(median(t.encoreSignUp))} / ${ms(encoreLogin)}`,
  );
  report.row(
    'Encore sign-up with hash-wasm (one derivation at a time)',
    ms(median(t.encoreWasmSignUp)),
  );
  report.row(
    '`@audius/hedgehog` 2.1.0 (native scrypt): sign-up / login',
    `${ms(median(t.audiusSignUp))} / ${ms(median(t.audiusLogin))}`,
  );
  report.row('floor: two native `crypto.scrypt` calls', ms(floor));
  report.row('Encore login / floor', `**${(encoreLogin / floor).toFixed(2)}x**`, '≤ 1.05x');
  report.row(
    'Encore sign-up / `@audius/hedgehog` sign-up',
    `**${signUpRatio.toFixed(2)}x**`,
    '≤ 1.0x',
  );
  report.row('cold start: `warmUp()`, then the first login', `${ms(warmUp)}, ${ms(coldLogin)}`);
  report.row(
    'one derivation: native / hash-wasm / scrypt-js',
    `${ms(median(t.scryptNative))} / ${ms(median(t.scryptWasm))} / ${ms(median(t.scryptJs))}`,
  );
  await benchStrongRecord(RUNS, report);
  report.row('rounds (median of)', String(RUNS));
  report.finish();
}

await main();
