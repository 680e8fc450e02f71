// A real key holder (@encore-wallet/key-holder, counters in a temporary SQLite file) answering in
// process through a fetch the test can turn off ('down'). It logs every request's path.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKeyHolder, keyRingFrom, newSecretKey } from '@encore-wallet/key-holder';
import type { FetchText } from '@encore-wallet/utils/http';

export const KEY_HOLDER_URL = 'http://key-holder.test';

export interface TestKeyHolder {
  /** The pin a build or the options page would set for it. */
  pin: { url: string; keyId: string; publicKey: string; previous: [] };
  requests: string[];
  mode: 'honest' | 'down';
  fetch: FetchText;
  close(): Promise<void>;
}

export async function startTestKeyHolder(): Promise<TestKeyHolder> {
  const dir = mkdtempSync(join(tmpdir(), 'encore-ext-key-holder-'));
  const keys = keyRingFrom({ current: 'k1', keys: [{ id: 'k1', secretKey: newSecretKey() }] });
  const holder = await createKeyHolder({
    keys,
    databaseUrl: `sqlite:${join(dir, 'counters.sqlite')}`,
    limits: { perAccount: 1000, perAddress: 1000 },
  });
  const publicKey = keys.list().find((key) => key.id === 'k1')?.publicKey ?? '';
  const test: TestKeyHolder = {
    pin: { url: KEY_HOLDER_URL, keyId: 'k1', publicKey, previous: [] },
    requests: [],
    mode: 'honest',
    fetch: async (url, init) => {
      test.requests.push(new URL(url).pathname);
      if (test.mode === 'down') throw new TypeError('fetch failed: connection refused');
      return holder.fetch(new Request(url, init));
    },
    async close() {
      await holder.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return test;
}
