// `npm run chain:send -- <address> [amount]`: sends `amount` ETH (default 1) on the local chain
// (CHAIN_RPC_URL, default http://127.0.0.1:8545, as `make start` runs it) from its first funded
// account. With the funding hook's 0.1 ETH, 1 ETH takes a new listener over the popup's default
// value threshold (0.5 ETH), so the value card shows.
import { getAddress, parseEther } from 'ethers';
import { sendLocalEther } from './send-ether.ts';

const [to, amount = '1'] = process.argv.slice(2);
let address: string;
let wei: bigint;
try {
  address = getAddress(to ?? '');
  wei = parseEther(amount);
} catch {
  console.error('usage: npm run chain:send -- <address> [amount in ETH, default 1]');
  process.exit(2);
}
const url = process.env.CHAIN_RPC_URL || 'http://127.0.0.1:8545';
try {
  const hash = await sendLocalEther(url, address, wei);
  console.log(`sent ${amount} ETH to ${address} on ${url} (${hash})`);
} catch (error) {
  console.error(`could not send on ${url}: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
