// Which accounts' recovery phrases the person has said they keep: one record in storage.local,
// the lowercased addresses, outliving logouts (the same account logging in again is not reminded
// again). Not a secret, but a protected record: in Firefox, where content scripts can read and
// write storage.local, it is sealed, so it names no address to them, and a record one of them
// planted or put back reads as "none kept": the popup keeps reminding rather than falling silent.
import { createWriteQueue, readProtectedRecord, writeProtectedRecord } from '../storage/index.ts';

export const PHRASE_KEPT_KEY = 'encore:phrase-kept';
/** More than anyone keeps on one browser; the oldest go first past it. */
const MAX_ACCOUNTS = 100;

const queue = createWriteQueue();

async function keptAddresses(): Promise<string[]> {
  const read = await readProtectedRecord(PHRASE_KEPT_KEY);
  if (read.status !== 'ok' || !Array.isArray(read.value)) return [];
  return read.value.filter((entry): entry is string => typeof entry === 'string');
}

/** True only when the record this worker wrote names `address`; absent or unreadable is not kept. */
export async function isPhraseKept(address: string): Promise<boolean> {
  return (await keptAddresses()).includes(address.toLowerCase());
}

export function markPhraseKept(address: string): Promise<void> {
  return queue(async () => {
    const lower = address.toLowerCase();
    const kept = await keptAddresses();
    if (kept.includes(lower)) return;
    await writeProtectedRecord(PHRASE_KEPT_KEY, [...kept, lower].slice(-MAX_ACCOUNTS));
  });
}
