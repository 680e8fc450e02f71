// A mixed load on one or more backend instances, with faults injected at set times: new records
// (POST /authentication), new users (POST /users) and reads of records already acknowledged
// (GET /authentication), in equal parts, spread over the instances in turn. Each request comes
// from a client address of its own (X-Forwarded-For; the instances trust one proxy), so no
// per-address budget refuses it while the limiter still counts every request in the database (a
// record may be read many times: raise the per-lookupKey lookup budget). What
// was acknowledged (answered 200) is kept, so a caller can look for each in the database after.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

export interface ScheduledFault {
  /** Started this long after the load starts. */
  atMs: number;
  name: string;
  /** The fault; resolves once the system under test is back (e.g. the database restarted). */
  run(): Promise<void>;
}

export interface MixedLoadOptions {
  urls: readonly string[];
  durationMs: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** A request with no answer after this long is counted as `hung` (and abandoned). */
  timeoutMs: number;
  faults?: readonly ScheduledFault[];
}

export type Operation = 'write-record' | 'write-user' | 'read-record';

export interface Outcome {
  /** ms since the load started, when the request was sent. */
  at: number;
  ms: number;
  url: string;
  operation: Operation;
  /** The HTTP status as text ('200', '500'), or a transport failure ('reset', 'refused', 'hung', …). */
  kind: string;
}

export interface LoadRecord {
  lookupKey: string;
  iv: string;
  cipherText: string;
}

export interface LoadUser {
  username: string;
  walletAddress: string;
}

export interface FaultTiming {
  name: string;
  startedAt: number;
  /** When `run` resolved (the system back), ms since the load started. */
  endedAt: number;
}

export interface MixedLoadResult {
  outcomes: Outcome[];
  records: LoadRecord[];
  users: LoadUser[];
  /** Reads of an acknowledged record that answered 200 with another record, or 404. */
  wrongReads: string[];
  faults: FaultTiming[];
  durationMs: number;
}

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');

/** A unique client address per request, 10.x.y.z. */
function clientAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

function transportKind(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return 'hung';
  }
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'reset';
  return typeof code === 'string' ? code : 'transport';
}

export async function runMixedLoad(options: MixedLoadOptions): Promise<MixedLoadResult> {
  const run = hex(4);
  const outcomes: Outcome[] = [];
  const records: LoadRecord[] = [];
  const users: LoadUser[] = [];
  const wrongReads: string[] = [];
  const faults: FaultTiming[] = [];
  const started = performance.now();
  const now = (): number => performance.now() - started;
  let next = 0;

  const faultRuns = (options.faults ?? []).map(
    (fault) =>
      new Promise<void>((resolve, reject) => {
        setTimeout(() => {
          const startedAt = now();
          fault.run().then(() => {
            faults.push({ name: fault.name, startedAt, endedAt: now() });
            resolve();
          }, reject);
        }, fault.atMs);
      }),
  );

  async function one(n: number): Promise<void> {
    const url = options.urls[n % options.urls.length] ?? '';
    let operation: Operation =
      n % 3 === 0 ? 'write-record' : n % 3 === 1 ? 'write-user' : 'read-record';
    // Nothing acknowledged yet to read: write instead.
    if (operation === 'read-record' && records.length === 0) operation = 'write-record';
    const headers: Record<string, string> = { 'x-forwarded-for': clientAddress(n) };
    let path: string;
    let body: string | undefined;
    let record: LoadRecord | undefined;
    let user: LoadUser | undefined;
    if (operation === 'read-record') {
      record = records[Math.floor(Math.random() * records.length)];
      path = `/authentication?lookupKey=${record?.lookupKey}`;
    } else if (operation === 'write-user') {
      user = { username: `load-${run}-${n}`, walletAddress: `0x${hex(20)}` };
      path = '/users';
      body = JSON.stringify(user);
    } else {
      // Random through: the limiter's lookupKey buckets are the first 128 bits.
      record = { lookupKey: hex(32), iv: hex(16), cipherText: hex(48) };
      path = '/authentication';
      body = JSON.stringify(record);
    }
    const reading = body === undefined;
    if (!reading) headers['content-type'] = 'application/json';
    const at = now();
    let kind: string;
    try {
      const response = await fetch(`${url}${path}`, {
        method: reading ? 'GET' : 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const text = await response.text();
      kind = String(response.status);
      if (response.status === 200 && !reading) {
        if (user) users.push(user);
        else if (record) records.push(record);
      }
      if (reading && record && (response.status === 200 || response.status === 404)) {
        const got = response.status === 200 ? (JSON.parse(text) as Partial<LoadRecord>) : null;
        if (got?.iv !== record.iv || got?.cipherText !== record.cipherText) {
          wrongReads.push(`${record.lookupKey}: ${response.status} ${text.slice(0, 120)}`);
        }
      }
    } catch (error) {
      kind = transportKind(error);
    }
    outcomes.push({ at, ms: now() - at, url, operation, kind });
  }

  async function worker(): Promise<void> {
    while (now() < options.durationMs) await one(next++);
  }
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  // A fault still running when the load ends is waited for: the caller checks what came after.
  await Promise.all(faultRuns);
  return { outcomes, records, users, wrongReads, faults, durationMs: now() };
}

/** How many outcomes of each kind, most frequent first. */
export function countKinds(outcomes: readonly Outcome[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(o.kind, (counts.get(o.kind) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

/** The p-th percentile (0–100) of `values`, nearest rank; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}
