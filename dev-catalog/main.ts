// `npm run catalog`: host list on CATALOG_PORT (default 8790), CATALOG_HOSTS API hosts (default 3)
// on the next ports; `--dev` or CATALOG_DEV=1 enables POST /dev/wallets.
import { startDevCatalog } from './index.ts';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a non-negative integer, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return value;
}

const dev = process.argv.includes('--dev') || process.env.CATALOG_DEV === '1';
const catalog = await startDevCatalog({
  port: intFromEnv('CATALOG_PORT', 8790),
  hosts: intFromEnv('CATALOG_HOSTS', 3),
  seed: intFromEnv('CATALOG_SEED', 1),
  dev,
});

console.log(`dev catalog host list: ${catalog.hostListUrl}`);
for (const [i, url] of catalog.hostUrls.entries()) {
  console.log(`  API host ${i}: ${url} (${catalog.flavors[i]})`);
}
console.log(
  `  ${catalog.dataset.users.length} users, ${catalog.dataset.tracks.length} tracks, ${catalog.dataset.playlists.length} playlists; dev endpoints ${dev ? 'ON' : 'off'}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void catalog.close().then(() => process.exit(0));
  });
}
