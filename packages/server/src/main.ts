// `npm run server`: the persistence backend configured from the environment (see docs/backend.md).
import { configFromEnv } from './config-from-env.ts';
import { DEFAULT_CORS_ORIGINS } from './create-backend.ts';
import { ServerConfigError } from './errors.ts';
import { type RunningServer, startServer } from './start-server.ts';

let server: RunningServer;
try {
  const config = configFromEnv(process.env);
  server = await startServer({ ...config, log: (line) => console.log(line) });
  const origins = (config.corsOrigins?.length ? config.corsOrigins : DEFAULT_CORS_ORIGINS).join(
    ', ',
  );
  console.log(`encore backend on ${server.url} (${server.engine}); CORS origins: ${origins}`);
  const funding = config.funding;
  console.log(
    funding
      ? `funding: ${funding.amountWei} wei to each new address over ${funding.rpcUrl} (${funding.perClientPerDay}/client/day, ${funding.perDay}/day)`
      : 'funding: off',
  );
  const sponsor = config.sponsor;
  console.log(
    sponsor
      ? `sponsor: POST /sponsor pays for ${sponsor.allowedCalls.map((c) => `${c.label} on ${c.contract}`).join(', ')} over ${sponsor.rpcUrl} (${sponsor.perListenerPerDay}/listener/day, ${sponsor.perClientPerDay}/client/day, ${sponsor.perDay}/day)`
      : 'sponsor: off',
  );
  if (config.paymaster) {
    console.log(`paymaster: POST /paymaster signs for ${config.paymaster} (ERC-7677)`);
  }
} catch (error) {
  // A configuration or connection problem: say what it is, without a stack trace to dig through.
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`encore backend did not start: ${reason}`);
  process.exit(error instanceof ServerConfigError ? 2 : 1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().then(() => process.exit(0));
  });
}
