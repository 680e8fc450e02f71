// Runs inside a Chromium page (bundled by bench/wallet-browser.ts): times Encore logins against
// an in-memory backend holding one reference record.
import { createMemoryStore, Hedgehog } from '../../lib/hedgehog/index.ts';

interface BenchRecord {
  username: string;
  password: string;
  lookupKey: string;
  iv: string;
  cipherText: string;
}

async function run(
  record: BenchRecord,
  opts: { awaitWarmUp: boolean; logins: number },
): Promise<{ warmUp: number; logins: number[]; address: string }> {
  const getFn = async ({ lookupKey }: { lookupKey: string }) =>
    lookupKey === record.lookupKey ? { iv: record.iv, cipherText: record.cipherText } : null;
  const noop = async (): Promise<void> => undefined;
  const t0 = performance.now();
  const hedgehog = new Hedgehog(getFn, noop, noop, { storage: createMemoryStore() });
  if (opts.awaitWarmUp) await hedgehog.warmUp();
  const warmUp = performance.now() - t0;
  const logins: number[] = [];
  let address = '';
  for (let i = 0; i < opts.logins; i++) {
    const t = performance.now();
    address = (await hedgehog.login(record.username, record.password)).address;
    logins.push(performance.now() - t);
  }
  return { warmUp, logins, address };
}

(globalThis as { encoreBench?: unknown }).encoreBench = { run };
