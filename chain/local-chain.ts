import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { jsonRpc } from './json-rpc.ts';
import { servedChild } from './served-child.ts';

/** Hardhat's default chain id, used by the local chain everywhere (tests, `make start`). */
export const LOCAL_CHAIN_ID = 31337;

/**
 * Hardhat's first default account: publicly known, funded with 10,000 ETH on every fresh local
 * chain. Never use it anywhere but a local chain.
 */
export const LOCAL_FUNDED_KEY =
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const;

/**
 * Hardhat's second default account (as public as the first): the demo relayer's key on the local
 * chain, so the account that pays for favorites is not the one that deployed the contracts.
 */
export const LOCAL_RELAYER_KEY =
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as const;

/**
 * Hardhat's third default account (as public): the backend's funding hook on the local chain
 * under `make start`, the account that pays each new listener their first gas money.
 */
export const LOCAL_FUNDING_KEY =
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' as const;

/**
 * Hardhat's fourth default account (as public): the sponsor service's key on the local chain, the
 * account that submits sponsored calls and pays their fees.
 */
export const LOCAL_SPONSOR_KEY =
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6' as const;

/**
 * Hardhat's fifth default account (as public): the demo site's session account on the local chain
 * under `make start`, the redeemer of the spend permissions listeners grant it ("Support the
 * artist"), which pays the fees of its redemptions.
 */
export const LOCAL_SESSION_KEY =
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a' as const;

export interface LocalChain {
  /** JSON-RPC URL on 127.0.0.1. */
  readonly url: string;
  readonly port: number;
  readonly chainId: number;
  /** Stops the node and waits for it to exit. */
  stop(): Promise<void>;
}

export interface StartLocalChainOptions {
  readonly port: number;
  /** Milliseconds to wait for the node to answer `eth_chainId` (default 30 s). */
  readonly timeoutMs?: number;
  /** Where the node's output goes (default: discarded). */
  readonly log?: (line: string) => void;
}

const configPath = fileURLToPath(new URL('./hardhat.config.cjs', import.meta.url));

function hardhatCli(): string {
  const require = createRequire(import.meta.url);
  return require.resolve('hardhat/internal/cli/cli.js');
}

/**
 * Starts Hardhat's node (a real EVM chain, installed from npm) on 127.0.0.1:`port` with chain id
 * 31337 and resolves once it answers JSON-RPC. Nothing is downloaded: the node needs no compiler.
 */
export async function startLocalChain(options: StartLocalChainOptions): Promise<LocalChain> {
  const { port, timeoutMs = 30_000, log } = options;
  const child = spawn(
    process.execPath,
    [
      hardhatCli(),
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(port),
      '--config',
      configPath,
    ],
    {
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const { stop } = await servedChild(child, {
    name: 'The local chain',
    url,
    timeoutMs,
    pollMs: 150,
    log,
    async probe() {
      const id = await jsonRpc(url, 'eth_chainId');
      if (Number(id) !== LOCAL_CHAIN_ID) throw new Error(`unexpected chain id ${String(id)}`);
    },
  });
  return { url, port, chainId: LOCAL_CHAIN_ID, stop };
}
