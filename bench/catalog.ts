// `npm run bench:catalog`: median time of a popup profile load (user id by wallet, user, first page
// of tracks — each load a fresh client, as when the popup opens) against the dev catalog with all
// three hosts healthy vs one of three refusing connections.
//
// Two scenarios: "warm" is the client as shipped (a host seen failing is remembered for 60 s by
// every client in the realm); "cold" forgets everything before each load, the worst case of a
// brand-new worker, so a third of the loads pick the dead host first and pay refuse + retry.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startDevCatalog } from '../dev-catalog/index.ts';
import { createCatalogClient, resetHostMemory } from '../lib/catalog/index.ts';
import { benchInteger } from './internal/env-integer.ts';
import { median } from './internal/median.ts';

const LOADS = benchInteger('BENCH_LOADS', 150);
const WARMUP = 20;

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

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

const catalog = await startDevCatalog({ port: 0, hosts: 3, seed: 1 });
const dead = await refusingUrl();
const degradedList = hostListServer([catalog.hostUrls[0]!, catalog.hostUrls[1]!, dead]);
const degradedUrl = `${await listen(degradedList)}/`;
const star = catalog.dataset.users[0]!;

let turn = 0;
async function profileLoad(hostListUrl: string, cold: boolean): Promise<number> {
  if (cold) resetHostMemory();
  // Rotate the first pick over the three hosts so both lists see the same spread.
  const slot = turn++ % 3;
  const client = createCatalogClient({
    hostListUrl,
    appName: 'encore-bench',
    random: () => slot / 3 + 0.01,
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
  if (cold) {
    console.log(
      `  loads whose first pick was the refusing host: median ${fmt(median(deadFirst))} (${deadFirst.length} loads; refuse + mark bad + retry elsewhere)`,
    );
  }
}

await new Promise<void>((resolve) => degradedList.close(() => resolve()));
await catalog.close();
