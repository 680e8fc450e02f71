// `npm run server`: the persistence backend configured from the environment (see docs/backend.md).
import { configFromEnv } from './config-from-env.ts';
import { startServer } from './start-server.ts';

const config = configFromEnv(process.env);
const server = await startServer({ ...config, log: (line) => console.log(line) });
const origins = config.corsOrigins?.length ? config.corsOrigins.join(', ') : 'chrome-extension://*';
console.log(`encore backend on ${server.url} (${server.engine}); CORS origins: ${origins}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().then(() => process.exit(0));
  });
}
