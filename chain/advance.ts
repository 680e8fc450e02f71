// `npm run chain:advance -- [duration]` (or `make advance [BY=duration]`): moves the local chain
// (CHAIN_RPC_URL, default http://127.0.0.1:8545, as `make start` runs it) ahead by `duration`
// (`30d` by default, a month: the demo's "Support the artist" period; `12h`, `90m`, `45s` or
// seconds), mines a block and prints the chain's new time. Refuses any chain but a local one.
import { advanceLocalClock, DEFAULT_ADVANCE, parseDuration } from './advance-clock.ts';

const text = process.argv[2] ?? DEFAULT_ADVANCE;
const seconds = parseDuration(text);
if (seconds === null) {
  console.error(
    `usage: npm run chain:advance -- [duration: 30d (default), 12h, 90m, 45s or seconds, up to ten years] (got "${text}")`,
  );
  process.exit(2);
}
const url = process.env.CHAIN_RPC_URL || 'http://127.0.0.1:8545';
try {
  const { time, block } = await advanceLocalClock(url, seconds);
  console.log(
    `moved the chain at ${url} ahead by ${text}: block ${block}, chain time ${new Date(time * 1000).toISOString()}`,
  );
} catch (error) {
  console.error(`could not move the clock: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
