// The page's scrypt worker runs from generated source: it must be what its program and the
// installed hash-wasm build to today, or pages would run an older worker than the code reviewed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCRYPT_WORKER_SOURCE_FILE, scryptWorkerModule } from '../scripts/build-scrypt-worker.ts';

describe('the generated scrypt worker source', () => {
  it('is what `npm run build:scrypt-worker` makes now', async () => {
    expect(readFileSync(SCRYPT_WORKER_SOURCE_FILE, 'utf8')).toBe(await scryptWorkerModule());
  });
});
