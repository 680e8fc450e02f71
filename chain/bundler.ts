import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ensureDeterministicDeployer } from './deterministic-deployer.ts';
import { jsonRpc } from './json-rpc.ts';
import { servedChild } from './served-child.ts';

/**
 * Hardhat's seventh default account (public, local chain only): the bundler's executor, the
 * account that sends `handleOps` and is paid back by the EntryPoint (from the paymaster's deposit).
 */
export const LOCAL_BUNDLER_EXECUTOR_KEY =
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e' as const;

/**
 * Hardhat's eighth default account (as public): the bundler's utility account, which deploys
 * Alto's simulation contracts through the deterministic deployer when it starts.
 */
export const LOCAL_BUNDLER_UTILITY_KEY =
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356' as const;

export interface Bundler {
  /** The bundler's JSON-RPC URL on 127.0.0.1 (ERC-7769: `eth_sendUserOperation`, …). */
  readonly url: string;
  readonly port: number;
  /** Stops the bundler and waits for it to exit. */
  stop(): Promise<void>;
}

export interface StartBundlerOptions {
  /** The chain's node. */
  readonly rpcUrl: string;
  /** The EntryPoint (v0.8) the bundler serves. */
  readonly entryPoint: `0x${string}`;
  readonly port: number;
  /** The executor's key (default: Hardhat's seventh account). */
  readonly executorKey?: `0x${string}`;
  /** The utility account's key (default: Hardhat's eighth account). */
  readonly utilityKey?: `0x${string}`;
  /** Milliseconds to wait for the bundler to answer (default 90 s: it deploys contracts first). */
  readonly timeoutMs?: number;
  /** Where the bundler's output goes (default: discarded). */
  readonly log?: (line: string) => void;
}

function altoCli(): string {
  const require = createRequire(import.meta.url);
  // The package exports only its library entry (esm/index.js); the CLI sits beside it.
  return join(dirname(require.resolve('@pimlico/alto')), 'cli', 'alto.js');
}

/**
 * The flags Alto runs with on the local chain (docs/dependencies.md says why each):
 * the node has no `debug_traceCall` tracer for ERC-7562's rules, so safe mode is off; blocks are
 * mined on each transaction, so bundles go out at once; the chain charges EIP-7623's calldata
 * floor (Prague).
 */
export function bundlerArgs(options: StartBundlerOptions): string[] {
  return [
    '--rpc-url',
    options.rpcUrl,
    '--entrypoints',
    options.entryPoint,
    '--executor-private-keys',
    options.executorKey ?? LOCAL_BUNDLER_EXECUTOR_KEY,
    '--utility-private-key',
    options.utilityKey ?? LOCAL_BUNDLER_UTILITY_KEY,
    '--port',
    String(options.port),
    '--safe-mode',
    'false',
    '--deploy-simulations-contract',
    'true',
    '--supports-eip7623',
    'true',
    '--utility-wallet-monitor',
    'false',
    '--refilling-wallets',
    'false',
    '--block-time',
    '250',
    '--min-bundle-interval',
    '50',
    '--max-bundle-interval',
    '250',
    '--log-level',
    'warn',
  ];
}

/**
 * Starts Pimlico's Alto (an ERC-4337 bundler installed from npm, `@pimlico/alto`) against the
 * chain at `rpcUrl` on 127.0.0.1:`port`, and resolves once it answers `eth_supportedEntryPoints`
 * with the EntryPoint. Alto listens on every interface; nothing here forwards its port.
 */
export async function startBundler(options: StartBundlerOptions): Promise<Bundler> {
  const { port, timeoutMs = 90_000, log } = options;
  await ensureDeterministicDeployer(options.rpcUrl);
  const child = spawn(process.execPath, [altoCli(), ...bundlerArgs(options)], {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  const { stop } = await servedChild(child, {
    name: 'The bundler',
    url,
    timeoutMs,
    pollMs: 250,
    log,
    async probe() {
      const entryPoints = await jsonRpc(url, 'eth_supportedEntryPoints');
      const served = Array.isArray(entryPoints)
        ? entryPoints.map((e) => String(e).toLowerCase())
        : [];
      if (!served.includes(options.entryPoint.toLowerCase())) {
        throw new Error(`the bundler serves ${JSON.stringify(entryPoints)}`);
      }
    },
  });
  return { url, port, stop };
}
