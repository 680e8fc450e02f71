// `npm run demo`: DEMO_PORT (default 8800), CATALOG_HOST_LIST_URL (default the local dev catalog).
import { startDemo } from './index.ts';

const port = Number(process.env.DEMO_PORT ?? 8800);
const catalogHostListUrl = process.env.CATALOG_HOST_LIST_URL ?? 'http://127.0.0.1:8790/';
const demo = await startDemo({ port, catalogHostListUrl });
console.log(`Encore demo music site: ${demo.url} (also ${demo.localhostUrl})`);
console.log(`Catalog host list: ${catalogHostListUrl}`);
const stop = async (): Promise<void> => {
  await demo.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
