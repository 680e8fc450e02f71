// `npm run bench:catalog`: median time of a popup profile load (user id by wallet, user, first page
// of tracks — each load a fresh client, as when the popup opens) against the dev catalog with all
// three hosts healthy vs one of three refusing connections.
//
// Two scenarios: "warm" is the client as shipped (a host seen failing is remembered for 60 s by
// every client in the realm); "cold" forgets everything before each load, the worst case of a
// brand-new worker, so a third of the loads pick the dead host first and pay refuse + retry.
//
// Then hedging: the same loads against one dead host, one that answers after SLOW_MS and one
// healthy host (as a fraction of SLOW_MS: the person should never wait for the slow host), and the
// extra requests hedging sent while every host was healthy (there should be none).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCatalogClient, resetHostMemory } from '@encore-wallet/catalog';
import { startDevCatalog } from '../dev-catalog/index.ts';
import { benchInteger } from './internal/env-integer.ts';
import { median, percentile } from './internal/median.ts';
import { benchReport } from './internal/report.ts';

const LOADS = benchInteger('BENCH_LOADS', 150);
const WARMUP = 20;
const SLOW_MS = 2_000;
const SLOW_LOADS = benchInteger('BENCH_SLOW_LOADS', 12);

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function refusingUrl(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return url;
}

function hostListServer(hosts: string[]): Server {
  return createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ data: hosts }));
  });
}

const catalog = await startDevCatalog({ port: 0, hosts: 3, seed: 1 });
const dead = await refusingUrl();
const degradedList = hostListServer([catalog.hostUrls[0]!, catalog.hostUrls[1]!, dead]);
const degradedUrl = `${await listen(degradedList)}/`;
const star = catalog.dataset.users[0]!;

/** A host that passes every request on to `target` after `delayMs` (a slow host, not a dead one). */
function slowHost(target: string, delayMs: number): Server {
  return createServer((req, res) => {
    const timer = setTimeout(() => {
      fetch(`${target}${req.url ?? '/'}`)
        .then(async (answer) => {
          res.writeHead(answer.status, { 'Content-Type': 'application/json' });
          res.end(await answer.text());
        })
        .catch(() => res.destroy());
    }, delayMs);
    // An aborted (hedged) request closes its connection: nothing left to answer.
    req.socket.on('close', () => clearTimeout(timer));
  });
}

const slow = slowHost(catalog.hostUrls[1]!, SLOW_MS);
const slowUrl = await listen(slow);
const slowList = hostListServer([dead, slowUrl, catalog.hostUrls[0]!]);
const slowListUrl = `${await listen(slowList)}/`;

/** Every API request a load sends, by URL (the host list itself not counted). */
let sent: string[] = [];
const countingFetch = (input: string, init?: RequestInit): Promise<Response> => {
  sent.push(input);
  return fetch(input, init);
};

let turn = 0;
async function profileLoad(hostListUrl: string, cold: boolean): Promise<number> {
  if (cold) resetHostMemory();
  // Rotate the first pick over the three hosts so both lists see the same spread.
  const slot = turn++ % 3;
  const client = createCatalogClient({
    hostListUrl,
    appName: 'encore-bench',
    random: () => slot / 3 + 0.01,
    fetch: countingFetch,
  });
  const start = performance.now();
  const id = await client.getUserIdByWallet(star.wallet);
  if (id !== star.id) throw new Error(`wallet lookup returned ${id}`);
  const user = await client.getUser(id);
  const tracks = await client.getUserTracks(user.id, { limit: 10 });
  if (tracks.length === 0) throw new Error('no tracks');
  return performance.now() - start;
}

async function scenario(
  cold: boolean,
): Promise<{ healthy: number[]; degraded: number[]; deadFirst: number[] }> {
  resetHostMemory();
  for (let i = 0; i < WARMUP; i++) {
    await profileLoad(catalog.hostListUrl, cold);
    await profileLoad(degradedUrl, cold);
  }
  const healthy: number[] = [];
  const degraded: number[] = [];
  const deadFirst: number[] = [];
  // Interleaved so machine noise hits both sides alike.
  for (let i = 0; i < LOADS; i++) {
    healthy.push(await profileLoad(catalog.hostListUrl, cold));
    const deadSlot = turn % 3 === 2;
    const ms = await profileLoad(degradedUrl, cold);
    degraded.push(ms);
    if (deadSlot) deadFirst.push(ms);
  }
  return { healthy, degraded, deadFirst };
}

const fmt = (ms: number): string => `${ms.toFixed(2)} ms`;
const report = benchReport('catalog');
console.log(
  `profile load = host list + user id by wallet + user + first page of tracks; ${LOADS} loads each`,
);
for (const cold of [false, true]) {
  const { healthy, degraded, deadFirst } = await scenario(cold);
  const ratio = median(degraded) / median(healthy);
  console.log(
    `${cold ? 'cold (no host memory)' : 'warm (as shipped)    '}  healthy median ${fmt(median(healthy))} p90 ${fmt(percentile(healthy, 90))} | ` +
      `1 of 3 refusing median ${fmt(median(degraded))} p90 ${fmt(percentile(degraded, 90))} | ratio ${ratio.toFixed(2)}x (target <= 1.3x)`,
  );
  report.row(
    `profile load, ${cold ? 'cold (no host memory)' : 'warm (as shipped)'}: healthy / 1 of 3 refusing (median)`,
    `${fmt(median(healthy))} / ${fmt(median(degraded))}, **${ratio.toFixed(2)}x**`,
    '≤ 1.3x',
  );
  if (cold) {
    console.log(
      `  loads whose first pick was the refusing host: median ${fmt(median(deadFirst))} (${deadFirst.length} loads; refuse + mark bad + retry elsewhere)`,
    );
  }
}

// Hedging: every first pick (dead, slow, healthy) from a fresh worker's client (no host memory),
// then as shipped (the slow host remembered after it lost once).
for (const cold of [true, false]) {
  resetHostMemory();
  const fractions: number[] = [];
  for (let i = 0; i < SLOW_LOADS; i++)
    fractions.push((await profileLoad(slowListUrl, cold)) / SLOW_MS);
  const worst = Math.max(...fractions);
  console.log(
    `hedging, 1 of 3 hosts refusing and 1 answering after ${SLOW_MS} ms, ${cold ? 'cold (no host memory)' : 'warm (as shipped)    '}: ` +
      `profile load median ${median(fractions).toFixed(3)}, worst ${worst.toFixed(3)} of ${SLOW_MS} ms (${SLOW_LOADS} loads; target <= 0.2: ${worst <= 0.2 ? 'ok' : 'MISSED'})`,
  );
  report.row(
    `hedged load, 1 host refusing and 1 answering after ${SLOW_MS} ms, ${cold ? 'cold' : 'warm'}: share of the delay`,
    `median ${median(fractions).toFixed(3)}, worst **${worst.toFixed(3)}**`,
    '≤ 0.2',
  );
}

// Extra requests while every host is healthy: a hedged GET repeats a URL's path on another host.
resetHostMemory();
let extra = 0;
let requests = 0;
for (let i = 0; i < LOADS; i++) {
  sent = [];
  await profileLoad(catalog.hostListUrl, i % 2 === 0);
  const api = sent.filter((url) => url !== catalog.hostListUrl);
  const logical = new Set(api.map((url) => new URL(url).pathname + new URL(url).search));
  requests += api.length;
  extra += api.length - logical.size;
}
console.log(
  `hedging, all hosts healthy: ${extra} extra requests in ${requests} (${LOADS} loads, half of them cold; target 0: ${extra === 0 ? 'ok' : 'MISSED'})`,
);
report.row('extra requests from hedging, all hosts healthy', `**${extra}** in ${requests}`, '0');
report.finish();

await new Promise<void>((resolve) => slowList.close(() => resolve()));
await new Promise<void>((resolve) => {
  slow.close(() => resolve());
  slow.closeAllConnections();
});
await new Promise<void>((resolve) => degradedList.close(() => resolve()));
await catalog.close();
