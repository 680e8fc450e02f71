// Encore login inside headless Chromium (the runtime the extension really uses): cold start in a
// fresh page — login at once (warm-up still running) and login after awaiting warmUp() — then
// warm logins; and sign-up in a fresh page with the page's scrypt worker against the page's
// thread alone, in the same run. Uses Debian's Chromium. Run: npm run bench:browser
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { benchInteger } from '../../../bench/internal/env-integer.ts';
import { median } from '../../../bench/internal/median.ts';
import { benchReport } from '../../../bench/internal/report.ts';
import { fixtures } from '../../../tests/support/hedgehog-vectors.ts';

const LOGINS = benchInteger('BENCH_RUNS', 5);
const v = fixtures.vectors[0]!;
const record = {
  username: v.username,
  password: v.password,
  lookupKey: v.lookupKey,
  iv: v.iv,
  cipherText: v.cipherText,
};

const bundle = await build({
  // The @encore-wallet/* packages from their sources (docs/packages.md).
  conditions: ['@encore-wallet/source'],
  entryPoints: [new URL('./wallet-browser-entry.ts', import.meta.url).pathname],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'chrome120',
  write: false,
  minify: true,
});
const script = bundle.outputFiles[0]!.text;
const html = `<!doctype html><meta charset="utf-8"><script>${script.replaceAll('</script', '<\\/script')}</script>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new'],
});

interface Result {
  warmUp: number;
  logins: number[];
  address: string;
}

async function openPage() {
  const page = await browser.newPage();
  // localhost is a secure context, so crypto.subtle exists; the route means no server is needed.
  await page.route('http://localhost/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  );
  await page.goto('http://localhost/bench');
  return page;
}

interface SignUpResult {
  signUp: number;
  derivation: number;
  keys: number;
  address: string;
}

async function freshSignUp(opts: { offThread: boolean }): Promise<SignUpResult> {
  const page = await openPage();
  const result = await page.evaluate(
    (o) =>
      (
        globalThis as unknown as {
          encoreBench: { signUp(o: { offThread: boolean }): Promise<SignUpResult> };
        }
      ).encoreBench.signUp(o),
    opts,
  );
  await page.close();
  if (!/^0x[0-9a-fA-F]{40}$/.test(result.address)) throw new Error('sign-up made no wallet');
  return result;
}

async function freshChangePassword(opts: { offThread: boolean }): Promise<number> {
  const page = await openPage();
  const result = await page.evaluate(
    ([rec, o]) =>
      (
        globalThis as unknown as {
          encoreBench: {
            changePassword(
              r: typeof rec,
              o: { offThread: boolean },
            ): Promise<{ changePassword: number; address: string }>;
          };
        }
      ).encoreBench.changePassword(rec, o),
    [record, opts] as const,
  );
  await page.close();
  if (result.address !== v.checksumAddress) throw new Error(`wrong address ${result.address}`);
  return result.changePassword;
}

async function freshPage(opts: { awaitWarmUp: boolean; logins: number }): Promise<Result> {
  const page = await openPage();
  const result = await page.evaluate(
    ([rec, o]) =>
      (
        globalThis as unknown as {
          encoreBench: { run(r: typeof rec, o: typeof opts): Promise<Result> };
        }
      ).encoreBench.run(rec, o),
    [record, opts] as const,
  );
  await page.close();
  if (result.address !== v.checksumAddress) throw new Error(`wrong address ${result.address}`);
  return result;
}

const ms = (x: number): string => `${x.toFixed(0)} ms`;
const ms1 = (x: number): string => `${x.toFixed(1)} ms`;
const report = benchReport('browser');

try {
  const coldNow = [];
  const coldAfterWarm = [];
  const warmUps = [];
  let warm: number[] = [];
  for (let i = 0; i < 3; i++) {
    coldNow.push((await freshPage({ awaitWarmUp: false, logins: 1 })).logins[0]!);
    const w = await freshPage({ awaitWarmUp: true, logins: LOGINS + 1 });
    warmUps.push(w.warmUp);
    coldAfterWarm.push(w.logins[0]!);
    warm = warm.concat(w.logins.slice(1));
  }
  console.log(`Encore login in headless Chromium (${script.length} bytes bundled), medians:`);
  console.log(`  fresh page, login immediately:         ${ms(median(coldNow))}`);
  console.log(
    `  fresh page, warmUp() first:            ${ms(median(warmUps))} warm-up, then login ${ms(median(coldAfterWarm))}`,
  );
  console.log(`  later logins in the same page:         ${ms(median(warm))}`);
  const withWorker: number[] = [];
  const oneThread: number[] = [];
  const derivations: number[] = [];
  const ownWithWorker: number[] = [];
  for (let i = 0; i < LOGINS; i++) {
    const w = await freshSignUp({ offThread: true });
    const o = await freshSignUp({ offThread: false });
    withWorker.push(w.signUp);
    oneThread.push(o.signUp);
    derivations.push(w.derivation, o.derivation);
    ownWithWorker.push(w.signUp - w.keys);
  }
  const own = median(ownWithWorker);
  const changeWithWorker: number[] = [];
  const changeOneThread: number[] = [];
  for (let i = 0; i < LOGINS; i++) {
    changeWithWorker.push(await freshChangePassword({ offThread: true }));
    changeOneThread.push(await freshChangePassword({ offThread: false }));
  }
  const changeRatio = median(changeWithWorker) / median(changeOneThread);
  const signUpRatio = median(withWorker) / median(oneThread);
  console.log(
    `  fresh page sign-up, scrypt worker:     ${ms(median(withWorker))} (one derivation ${ms(median(derivations))})`,
  );
  console.log(
    `  fresh page sign-up, page thread only:  ${ms(median(oneThread))} -> worker/one thread ${signUpRatio.toFixed(2)}x`,
  );
  console.log(
    `  sign-up's own time beyond its two derivations: ${ms1(own)} with the worker (goal <= 15 ms: ${own <= 15 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  fresh page password change, scrypt worker: ${ms(median(changeWithWorker))}, page thread only ${ms(median(changeOneThread))} -> ${changeRatio.toFixed(2)}x`,
  );
  if (process.env.BENCH_VERBOSE) console.log(warm.map((x) => x.toFixed(0)).join(' '));
  report.row('fresh page: login', ms(median(coldNow)));
  report.row(
    'fresh page: `warmUp()`, then login',
    `${ms(median(warmUps))}, ${ms(median(coldAfterWarm))}`,
  );
  report.row('later logins in the same page', ms(median(warm)));
  report.row('fresh page: one scrypt derivation', ms(median(derivations)));
  report.row('fresh page: sign-up, the page thread alone', ms(median(oneThread)));
  report.row(
    "fresh page: sign-up with the page's scrypt worker",
    `${ms(median(withWorker))} (**${signUpRatio.toFixed(2)}x** of the page thread alone)`,
  );
  report.row(
    "fresh page: password change with the page's scrypt worker (a login's two derivations, then the new record's two at once)",
    `${ms(median(changeWithWorker))} (**${changeRatio.toFixed(2)}x** of the page thread alone, ${ms(median(changeOneThread))})`,
  );
  report.row(
    "fresh page: sign-up's own time (the total less its two derivations, with the worker)",
    `**${ms1(own)}**`,
    '≤ 15 ms',
  );
  report.finish();
} finally {
  await browser.close();
}
