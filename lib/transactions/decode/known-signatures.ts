// A bundled list of common function signatures (marketplaces, mints, wrapped ether, routers,
// ownership). A 4-byte selector can belong to more than one signature, so a call that matches one
// here is shown as "matches the known function …", never as a fact; anything else shows its
// selector only. Built on first use.

import { Interface } from 'ethers';

const KNOWN = [
  'mint()',
  'mint(uint256)',
  'mint(address,uint256)',
  'mint(address,uint256,uint256,bytes)',
  'safeMint(address)',
  'safeMint(address,uint256)',
  'safeMint(address,string)',
  'mintTo(address)',
  'purchase(uint256)',
  'buy(uint256)',
  'buy(uint256,uint256)',
  'collect(uint256)',
  'claim()',
  'claim(uint256)',
  'claim(address,uint256)',
  'tip(address)',
  'tip(address,uint256)',
  'donate(address)',
  'subscribe(uint256)',
  'follow(uint256)',
  'follow(string)',
  'follow(address)',
  'unfollow(uint256)',
  'favorite(string)',
  'favorite(uint256)',
  'like(uint256)',
  'repost(uint256)',
  'register(string)',
  'deposit()',
  'deposit(uint256)',
  'deposit(uint256,address)',
  'withdraw()',
  'withdraw(uint256)',
  'withdraw(uint256,address,address)',
  'redeem(uint256,address,address)',
  'stake(uint256)',
  'unstake(uint256)',
  'burn(uint256)',
  'burn(address,uint256)',
  'decreaseAllowance(address,uint256)',
  'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
  'permit(address,address,uint256,uint256,bool,uint8,bytes32,bytes32)',
  // Uniswap Permit2's own approval: lets `spender` take `token` the account approved to Permit2.
  'approve(address,address,uint160,uint48)',
  'multicall(bytes[])',
  'multicall(uint256,bytes[])',
  'execute(bytes,bytes[],uint256)',
  'execute(bytes,bytes[])',
  'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)',
  'swapTokensForExactTokens(uint256,uint256,address[],address,uint256)',
  'swapExactETHForTokens(uint256,address[],address,uint256)',
  'swapExactTokensForETH(uint256,uint256,address[],address,uint256)',
  'addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)',
  'removeLiquidity(address,address,uint256,uint256,uint256,address,uint256)',
  'exactInputSingle((address,address,uint24,address,uint256,uint256,uint160))',
  'exactInput((bytes,address,uint256,uint256))',
  'fulfillBasicOrder((address,uint256,uint256,address,address,address,uint256,uint256,uint8,uint256,uint256,bytes32,uint256,bytes32,bytes32,uint256,(uint256,address)[],bytes))',
  'cancel(uint256)',
  'transferOwnership(address)',
  'renounceOwnership()',
  'upgradeTo(address)',
  'upgradeToAndCall(address,bytes)',
  'delegate(address)',
  'vote(uint256,bool)',
  'castVote(uint256,uint8)',
  'setApprovalForAll(address,bool)',
] as const;

let iface: Interface | undefined;

/** The bundled signatures as one ABI (built on first use). */
export function knownSignatures(): Interface {
  iface ??= new Interface(KNOWN.map((signature) => `function ${signature}`));
  return iface;
}

/** How many signatures the list holds (the docs say so). */
export function knownSignatureCount(): number {
  return KNOWN.length;
}
