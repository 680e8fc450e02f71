// "Tip the artist": the listener pays, with an ordinary eth_sendTransaction of ether to the
// artist's wallet, as any dapp would send it (plain EIP-1193, no wallet-specific code). The page
// then follows the transaction through the wallet's own provider until it is mined.
import type { Eip1193Provider } from './eip1193.ts';

/** 0.001 ETH, in wei: a tip a low-value wallet can afford. */
export const TIP_WEI = 10n ** 15n;
const RECEIPT_POLL_MS = 500;
const RECEIPT_TIMEOUT_MS = 120_000;

/** Asks the wallet to send the tip; resolves to the transaction hash once the wallet sent it. */
export async function sendTip(
  provider: Eip1193Provider,
  from: string,
  artistWallet: string,
): Promise<string> {
  const hash = await provider.request({
    method: 'eth_sendTransaction',
    params: [{ from, to: artistWallet, value: `0x${TIP_WEI.toString(16)}` }],
  });
  if (typeof hash !== 'string') throw new Error('the wallet answered without a transaction hash');
  return hash;
}

/** Waits for the receipt (read through the wallet); resolves to its block and success. */
export async function waitForReceipt(
  provider: Eip1193Provider,
  hash: string,
): Promise<{ block: number; success: boolean }> {
  const until = Date.now() + RECEIPT_TIMEOUT_MS;
  while (Date.now() < until) {
    const receipt = (await provider.request({
      method: 'eth_getTransactionReceipt',
      params: [hash],
    })) as { status?: string; blockNumber?: string } | null;
    if (receipt?.blockNumber) {
      return { block: Number(receipt.blockNumber), success: receipt.status === '0x1' };
    }
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS));
  }
  throw new Error('the transaction was not mined within two minutes');
}
