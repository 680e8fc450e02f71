// The relayer's side of the chain: read a listener's next nonce, simulate a favorite, send it
// from the relayer's account. Sends go one at a time so the relayer's own nonces never race.
import { Contract, Interface, JsonRpcProvider, NonceManager, Wallet } from 'ethers';
import {
  FAVORITE_DOMAIN_NAME,
  FAVORITE_DOMAIN_VERSION,
  FAVORITES_ABI,
  type FavoriteDomain,
  favoriteDomain,
} from '../../shared/favorite.ts';
import type { RelayConfig } from './config.ts';
import { RelayConfigError } from './config.ts';
import { RelayError } from './errors.ts';
import type { FavoriteRequest } from './favorite-request.ts';

export interface FavoritesChain {
  readonly domain: FavoriteDomain;
  readonly relayerAddress: string;
  nonceOf(listener: string): Promise<bigint>;
  /** Simulates, then sends; resolves to the transaction hash once the node accepted it. */
  submit(favorite: FavoriteRequest): Promise<string>;
  close(): void;
}

const abi = new Interface(FAVORITES_ABI);

/** Connects, and checks that the address holds the Favorites contract this demo signs for. */
export async function connectFavoritesChain(config: RelayConfig): Promise<FavoritesChain> {
  const provider = new JsonRpcProvider(config.rpcUrl, undefined, {
    staticNetwork: true,
    // ethers caches identical reads for 250 ms: a nonce read right after a favorite must be fresh.
    cacheTimeout: -1,
  });
  const wallet = new Wallet(config.relayerKey, provider);
  const signer = new NonceManager(wallet);
  const contract = new Contract(config.favoritesAddress, FAVORITES_ABI, signer);
  let domain: FavoriteDomain;
  try {
    const [, name, version, chainId, verifyingContract] = (await contract.getFunction(
      'eip712Domain',
    )()) as [string, string, string, bigint, string];
    if (name !== FAVORITE_DOMAIN_NAME || version !== FAVORITE_DOMAIN_VERSION) {
      throw new Error(`its domain is "${name}" version ${version}`);
    }
    domain = favoriteDomain({ chainId: Number(chainId), contract: verifyingContract });
  } catch (error) {
    provider.destroy();
    throw new RelayConfigError(
      `FAVORITES_ADDRESS: no Favorites contract answers at ${config.favoritesAddress} on ${config.rpcUrl}`,
      { cause: error },
    );
  }

  let queue: Promise<unknown> = Promise.resolve();
  function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  }

  return {
    domain,
    relayerAddress: wallet.address,
    async nonceOf(listener) {
      try {
        return (await contract.getFunction('nonces')(listener)) as bigint;
      } catch (error) {
        throw unavailable(error);
      }
    },
    submit({ message, signature }) {
      const args = [message.listener, message.trackId, message.nonce, message.deadline, signature];
      return oneAtATime(async () => {
        let gas: bigint;
        try {
          gas = await contract.getFunction('favorite').estimateGas(...args);
        } catch (error) {
          throw rejectedOrUnavailable(error);
        }
        try {
          const tx = await contract.getFunction('favorite')(...args, { gasLimit: (gas * 6n) / 5n });
          return (tx as { hash: string }).hash;
        } catch (error) {
          // The node refused or never answered: our nonce count may be off, read it again next time.
          signer.reset();
          throw rejectedOrUnavailable(error);
        }
      });
    },
    close() {
      provider.destroy();
    },
  };
}

function unavailable(error: unknown): RelayError {
  return new RelayError('RELAY_CHAIN_UNAVAILABLE', 'the chain did not answer; try again later', {
    cause: error,
  });
}

/** A revert names the contract's reason; anything else is the chain not answering. */
function rejectedOrUnavailable(error: unknown): RelayError {
  const data = (error as { data?: unknown })?.data;
  const reason = typeof data === 'string' && data.length >= 10 ? abi.parseError(data) : null;
  if (!reason) return unavailable(error);
  return new RelayError(
    'RELAY_REJECTED_ON_CHAIN',
    `the contract refuses this favorite (${reason.name}); nothing was sent`,
    { cause: error, details: { reason: reason.name } },
  );
}
