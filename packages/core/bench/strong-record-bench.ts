// The strengthened record in the Node bench (`npm run bench`): what an offline guess costs
// against a Hedgehog record and against a strengthened one (native scrypt, the attacker's best
// tool on this machine: one derivation and a comparison per guess), and the logins a person
// waits for: a new browser opening a strengthened account, the same from a browser that has seen
// it, and a Hedgehog-format login from a new browser (which looks for a strengthened record
// first, its Hedgehog lookup key derived beside the strong derivation on the thread pool).
// Rounds interleave the contenders; the factors are ratios of medians from the same run.
import { createHmac, scrypt as nodeScrypt } from 'node:crypto';
import { median } from '../../../bench/internal/median.ts';
import type { BenchReport } from '../../../bench/internal/report.ts';
import type { AuthRecord, GetFn, SetAuthFn, SetUserFn } from '../src/index.ts';
import { createMemoryStore, Hedgehog } from '../src/index.ts';

const PASSWORD = 'bench-password-correct-horse';

function scryptOnce(input: string, salt: string, N: number, r: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    nodeScrypt(input, salt, 32, { N, r, p: 1, maxmem: 2 * 128 * r * N }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** One offline guess against a Hedgehog record: its lookup key's derivation, then a compare. */
async function hedgehogGuess(guess: string, target: string): Promise<boolean> {
  const key = await scryptOnce(`bench:::${guess}`, '0x4f7242b39969c3ac4c6712524d633ce9', 32768, 8);
  return key.toString('hex') === target;
}

/** One offline guess against a strengthened record: the strong derivation, an HMAC, a compare. */
async function strongGuess(guess: string, target: string): Promise<boolean> {
  const master = await scryptOnce(`bench:::${guess}`, 'encore-strong-record-v1', 131072, 9);
  const lookupKey = createHmac('sha256', master).update('encore-strong-lookup-key').digest('hex');
  return lookupKey === target;
}

function memoryBackend(): { getFn: GetFn; setAuthFn: SetAuthFn; setUserFn: SetUserFn } {
  const records = new Map<string, AuthRecord>();
  return {
    getFn: async ({ lookupKey }) => records.get(lookupKey) ?? null,
    setAuthFn: async ({ lookupKey, iv, cipherText, oldLookupKey }) => {
      if (oldLookupKey) records.delete(oldLookupKey);
      records.set(lookupKey, { iv, cipherText });
    },
    setUserFn: async () => undefined,
  };
}

/**
 * Times `fn`, then lets the thread pool go quiet: a login may leave a derivation it began
 * beside another running after it returns, which would otherwise
 * slow whatever is measured next.
 */
async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  const elapsed = performance.now() - t0;
  await new Promise((resolve) => setTimeout(resolve, Math.max(300, 2 * elapsed)));
  return elapsed;
}

const ms = (x: number): string => `${x.toFixed(0).padStart(6)} ms`;

export async function benchStrongRecord(runs: number, report: BenchReport): Promise<void> {
  const backend = memoryBackend();
  const browser = (storage = createMemoryStore()) =>
    new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, { storage });
  const seen = createMemoryStore();
  const knowsHedgehog = createMemoryStore();
  await browser(knowsHedgehog).signUp('hedgehog@bench', PASSWORD);
  await browser().signUp('strong@bench', PASSWORD);
  await browser(seen).strengthen('strong@bench', PASSWORD);

  const t = {
    hedgehogGuess: [] as number[],
    strongGuess: [] as number[],
    hedgehogLogin: [] as number[],
    hedgehogKnown: [] as number[],
    strongNewBrowser: [] as number[],
    strongSeen: [] as number[],
  };
  for (let i = 0; i < runs; i++) {
    t.hedgehogGuess.push(await time(() => hedgehogGuess(`guess-${i}`, 'f'.repeat(64))));
    t.strongGuess.push(await time(() => strongGuess(`guess-${i}`, 'f'.repeat(64))));
    t.hedgehogLogin.push(await time(() => browser().login('hedgehog@bench', PASSWORD)));
    t.hedgehogKnown.push(
      await time(() => browser(knowsHedgehog).login('hedgehog@bench', PASSWORD)),
    );
    t.strongNewBrowser.push(await time(() => browser().login('strong@bench', PASSWORD)));
    t.strongSeen.push(await time(() => browser(seen).login('strong@bench', PASSWORD)));
  }
  const perSecond = (xs: number[]): number => 1000 / median(xs);
  const hedgehogRate = perSecond(t.hedgehogGuess);
  const strongRate = perSecond(t.strongGuess);
  const factor = hedgehogRate / strongRate;
  const loginRatio = median(t.strongNewBrowser) / median(t.hedgehogLogin);
  const besideRatio = median(t.hedgehogLogin) / median(t.hedgehogKnown);
  console.log('');
  console.log(
    `strengthened record (scrypt N=131072, r=9 vs Hedgehog's N=32768, r=8), median of ${runs} rounds; ` +
      'the machine may be shared: compare the ratios, not the figures',
  );
  console.log(
    `offline guesses per second, one core: Hedgehog record ${hedgehogRate.toFixed(2)}/s, ` +
      `strengthened ${strongRate.toFixed(2)}/s: each guess costs ${factor.toFixed(2)}x (target >= 4x)`,
  );
  console.log(
    `login: Hedgehog-format (new browser) ${ms(median(t.hedgehogLogin))}, ` +
      `strengthened from a new browser ${ms(median(t.strongNewBrowser))} ` +
      `(${loginRatio.toFixed(2)}x), from a browser that has seen it ${ms(median(t.strongSeen))}`,
  );
  report.row(
    'offline guesses per second, one core: Hedgehog record / strengthened record',
    `${hedgehogRate.toFixed(2)} / ${strongRate.toFixed(2)}`,
  );
  report.row(
    'cost per offline guess: strengthened / Hedgehog',
    `**${factor.toFixed(2)}x**`,
    '≥ 4x',
  );
  console.log(
    `Hedgehog-format login from a new browser (the strong lookup first) / from a browser that knows the account: ${besideRatio.toFixed(2)}x (${ms(median(t.hedgehogLogin))} / ${ms(median(t.hedgehogKnown))})`,
  );
  report.row(
    'login, Hedgehog-format account: new browser (the strong lookup first) / a browser that knows it',
    `${ms(median(t.hedgehogLogin))} / ${ms(median(t.hedgehogKnown))}, ${besideRatio.toFixed(2)}x`,
  );
  report.row(
    'login, strengthened account: new browser / browser that has seen it',
    `${ms(median(t.strongNewBrowser))} / ${ms(median(t.strongSeen))}`,
  );
}
