// `npm run demo`: DEMO_PORT (default 8800), CATALOG_HOST_LIST_URL (default the local dev catalog);
// the relayer with CHAIN_RPC_URL, RELAYER_KEY and FAVORITES_ADDRESS (see relay/config.ts); the
// sponsor with SPONSOR_URL and FAN_ACTIONS_ADDRESS on CHAIN_RPC_URL (see sponsor/config.ts); "Support
// the artist" with SUPPORT_SESSION_KEY and the framework's addresses (see support/config.ts).
import { integerFromEnv } from '@encore-wallet/utils/env';
import { startDemo } from './index.ts';
import { relayConfigFromEnv } from './relay/config.ts';
import { siteSponsorConfigFromEnv } from './sponsor/config.ts';
import { supportConfigFromEnv } from './support/config.ts';

const port = integerFromEnv(process.env, 'DEMO_PORT', { fallback: 8800, min: 0, max: 65535 });
if (!port.ok) {
  console.error(port.error);
  process.exit(2);
}
const catalogHostListUrl = process.env.CATALOG_HOST_LIST_URL ?? 'http://127.0.0.1:8790/';
let demo: Awaited<ReturnType<typeof startDemo>>;
try {
  demo = await startDemo({
    port: port.value,
    catalogHostListUrl,
    relay: relayConfigFromEnv(process.env),
    sponsor: siteSponsorConfigFromEnv(process.env),
    support: supportConfigFromEnv(process.env),
  });
} catch (error) {
  console.error(`demo site did not start: ${(error as Error).message}`);
  process.exit(2);
}
console.log(`Encore demo music site: ${demo.url} (also ${demo.localhostUrl})`);
console.log(`Catalog host list: ${catalogHostListUrl}`);
console.log(
  demo.relayerAddress
    ? `Relayer: favorites submitted from ${demo.relayerAddress} over ${process.env.CHAIN_RPC_URL}`
    : 'Relayer: off (set CHAIN_RPC_URL, RELAYER_KEY and FAVORITES_ADDRESS)',
);
console.log(
  process.env.SPONSOR_URL
    ? `Sponsor: calls on FanActions paid through ${process.env.SPONSOR_URL}`
    : 'Sponsor: off (set SPONSOR_URL and FAN_ACTIONS_ADDRESS)',
);
console.log(
  demo.supportRedeemer
    ? `Support the artist: monthly permissions redeemed by ${demo.supportRedeemer}`
    : 'Support the artist: off (set SUPPORT_SESSION_KEY and the Delegation Framework addresses)',
);
const stop = async (): Promise<void> => {
  await demo.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
