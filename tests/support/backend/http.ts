// Small helpers for talking to a server under test.
import { request } from 'node:http';

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

export async function call(
  url: string,
  init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(url, { method: init.method ?? 'GET', headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Left as text: the assertions say what was expected.
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/**
 * Like `call`, over node:http with exactly the headers given. Node's fetch overwrites
 * `Sec-Fetch-Mode` with `cors` (as a browser's fetch would), so a browser's no-cors or navigation
 * request can only be replayed this way.
 */
export function callExact(
  url: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  const headers = { ...(body ? { 'content-type': 'application/json' } : {}), ...init.headers };
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: init.method ?? 'GET', headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const one of [value ?? []].flat()) answerHeaders.append(name, one);
        }
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // Left as text, as in `call`.
        }
        resolve({ status: incoming.statusCode ?? 0, headers: answerHeaders, body: parsed });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Deterministic hex of a given length from a seed, for readable fixtures. */
export function hex(seed: number, length: number): string {
  let out = '';
  let state = seed * 2654435761;
  while (out.length < length) {
    state = (state * 1103515245 + 12345) >>> 0;
    out += state.toString(16).padStart(8, '0');
  }
  return out.slice(0, length);
}

export function authRecord(seed: number): { iv: string; cipherText: string; lookupKey: string } {
  return { iv: hex(seed, 32), cipherText: hex(seed + 1000, 96), lookupKey: hex(seed + 2000, 64) };
}
