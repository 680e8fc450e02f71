// Hardened against strengthened login in Node (`npm run bench:hardened`): a real key holder over
// HTTP on 127.0.0.1 (SQLite counters in a temporary folder) and an in-memory record backend. A
// hardened login runs the strengthened record's scrypt and the key holder's round trip side by
// side, so it should cost about what a strengthened login costs. Both from a browser that knows
// the account (its format remembered) and from a fresh one. Rounds interleave the contenders so a
// busy machine slows them alike; the factors are ratios of medians from the same run.
// Run: npm run bench:hardened   (BENCH_RUNS=N to change the round count)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keyRingFrom, newSecretKey, startKeyHolder } from '@encore-wallet/key-holder';
import { benchInteger } from '../../../bench/internal/env-integer.ts';
import { median } from '../../../bench/internal/median.ts';
import { benchReport } from '../../../bench/internal/report.ts';
import type { AuthRecord, GetFn, HedgehogOptions, SetAuthFn, SetUserFn } from '../src/index.ts';
import { createMemoryStore, Hedgehog } from '../src/index.ts';

const RUNS = benchInteger('BENCH_RUNS', 7);
const PASSWORD = 'bench-password-correct-horse';

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

/** Times `fn`, then lets the thread pool go quiet before whatever is measured next. */
async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  const elapsed = performance.now() - t0;
  await new Promise((resolve) => setTimeout(resolve, Math.max(200, elapsed)));
  return elapsed;
}

const ms = (value: number): string => `${value.toFixed(0)} ms`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'encore-bench-hardened-'));
  const keys = keyRingFrom({ current: 'k1', keys: [{ id: 'k1', secretKey: newSecretKey() }] });
  const holder = await startKeyHolder({
    keys,
    databaseUrl: `sqlite:${join(dir, 'key-holder.sqlite')}`,
    // A bench's logins are not guesses.
    limits: { perAccount: 1_000_000, perAddress: 1_000_000 },
  });
  try {
    const backend = memoryBackend();
    const keyHolder = { url: holder.url, keyId: 'k1', publicKey: keys.get('k1')?.publicKey ?? '' };
    const browser = (options: HedgehogOptions) =>
      new Hedgehog(backend.getFn, backend.setAuthFn, backend.setUserFn, {
        storage: createMemoryStore(),
        replacesAtomically: true,
        ...options,
      });
    const strong: HedgehogOptions = { newRecords: 'strong' };
    const hardened: HedgehogOptions = { keyHolder };
    const known = { strong: browser(strong), hardened: browser(hardened) };
    await known.strong.warmUp();
    await known.strong.signUp('bench-strong', PASSWORD);
    await known.hardened.signUp('bench-hardened', PASSWORD);

    const times = { strong: [], hardened: [], freshStrong: [], freshHardened: [] } as Record<
      'strong' | 'hardened' | 'freshStrong' | 'freshHardened',
      number[]
    >;
    for (let run = 0; run < RUNS; run++) {
      times.strong.push(await time(() => known.strong.login('bench-strong', PASSWORD)));
      times.hardened.push(await time(() => known.hardened.login('bench-hardened', PASSWORD)));
      times.freshStrong.push(
        await time(() =>
          browser({ ...strong, warmUpOnCreate: false }).login('bench-strong', PASSWORD),
        ),
      );
      times.freshHardened.push(
        await time(() =>
          browser({ ...hardened, warmUpOnCreate: false }).login('bench-hardened', PASSWORD),
        ),
      );
    }
    const m = {
      strong: median(times.strong),
      hardened: median(times.hardened),
      freshStrong: median(times.freshStrong),
      freshHardened: median(times.freshHardened),
    };
    console.log(`hardened vs strengthened login, Node, median of ${RUNS} rounds`);
    console.log(`  known here:  strengthened ${ms(m.strong)}, hardened ${ms(m.hardened)}`);
    console.log(
      `  fresh browser: strengthened ${ms(m.freshStrong)}, hardened ${ms(m.freshHardened)}`,
    );
    const report = benchReport('hardened');
    report.row('strengthened login, account known here', ms(m.strong));
    report.row('hardened login, account known here', ms(m.hardened));
    report.row(
      'hardened / strengthened, known here',
      `**${(m.hardened / m.strong).toFixed(2)}x**`,
      '≤ 1.1x',
    );
    report.row('strengthened login, fresh browser', ms(m.freshStrong));
    report.row('hardened login, fresh browser', ms(m.freshHardened));
    report.row(
      'hardened / strengthened, fresh browser',
      `**${(m.freshHardened / m.freshStrong).toFixed(2)}x**`,
      '≤ 1.1x',
    );
    report.finish();
  } finally {
    await holder.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
