// `npm run demo`: DEMO_PORT (default 8800), CATALOG_HOST_LIST_URL (default the local dev catalog).
import { integerFromEnv } from '../../lib/env/index.ts';
import { startDemo } from './index.ts';

const port = integerFromEnv(process.env, 'DEMO_PORT', { fallback: 8800, min: 0, max: 65535 });
if (!port.ok) {
  console.error(port.error);
  process.exit(2);
}
const catalogHostListUrl = process.env.CATALOG_HOST_LIST_URL ?? 'http://127.0.0.1:8790/';
const demo = await startDemo({ port: port.value, catalogHostListUrl });
console.log(`Encore demo music site: ${demo.url} (also ${demo.localhostUrl})`);
console.log(`Catalog host list: ${catalogHostListUrl}`);
const stop = async (): Promise<void> => {
  await demo.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
