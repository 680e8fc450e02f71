// Ether from the local chain's first funded account to an address: what `npm run chain:send`
// does for a person trying the value card under `make start`, and what the browser tests do to
// put a wallet over its threshold.
import { JsonRpcProvider, Wallet } from 'ethers';
import { LOCAL_FUNDED_KEY } from './local-chain.ts';

/** Sends `wei` to `to` on the chain at `url` and waits until it is mined; resolves to its hash. */
export async function sendLocalEther(url: string, to: string, wei: bigint): Promise<string> {
  const provider = new JsonRpcProvider(url, undefined, { staticNetwork: true });
  try {
    const funder = new Wallet(LOCAL_FUNDED_KEY, provider);
    const nonce = await provider.getTransactionCount(funder.address, 'pending');
    const sent = await funder.sendTransaction({ to, value: wei, nonce });
    await sent.wait();
    return sent.hash;
  } finally {
    provider.destroy();
  }
}
