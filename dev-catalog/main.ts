// `npm run catalog`: host list on CATALOG_PORT (default 8790), CATALOG_HOSTS API hosts (default 3)
// on the next ports; `--dev` or CATALOG_DEV=1 enables POST /dev/wallets and the fault switch
// (POST /dev/faults {"failing": "all"}, then {"failing": "none"}: see docs/catalog.md).
import { type IntegerFromEnvOptions, integerFromEnv } from '@encore-wallet/utils/env';
import { startDevCatalog } from './index.ts';

function intFromEnv(name: string, options: IntegerFromEnvOptions): number {
  const read = integerFromEnv(process.env, name, options);
  if (read.ok) return read.value;
  console.error(read.error);
  process.exit(2);
}

const dev = process.argv.includes('--dev') || process.env.CATALOG_DEV === '1';
const catalog = await startDevCatalog({
  port: intFromEnv('CATALOG_PORT', { fallback: 8790, min: 0, max: 65535 }),
  hosts: intFromEnv('CATALOG_HOSTS', { fallback: 3, min: 0 }),
  seed: intFromEnv('CATALOG_SEED', { fallback: 1, min: 0, max: Number.MAX_SAFE_INTEGER }),
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
