import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  type CanonicalTransaction,
  describeCall,
  knownSignatureCount,
} from '../../../lib/transactions/index.ts';
import { feeChain, OTHER, SENDER, TOKEN, tokenCalls } from './support.ts';

const abi = new Interface([
  'function transfer(address,uint256)',
  'function approve(address,uint256)',
  'function transferFrom(address,address,uint256)',
  'function setApprovalForAll(address,bool)',
  'function safeTransferFrom(address,address,uint256,uint256,bytes)',
  'function transferOwnership(address)',
]);

const tx = (data: string, to: string | null = TOKEN): CanonicalTransaction => ({
  chainId: 31_337,
  from: SENDER,
  to,
  value: '0',
  data,
  gasLimit: '100000',
  fee: { type: 0, gasPrice: '1' },
  nonce: null,
  accessList: [],
});

const ERC721 = '0x80ac58cd';
const ERC1155 = '0xd9b67a26';

describe('what a call does', () => {
  it('reads an ERC-20 transfer with the symbol and decimals the token states', async () => {
    const chain = feeChain({
      eth_call: tokenCalls({ [TOKEN.toLowerCase()]: { decimals: 6, symbol: 'USDC' } }),
    });
    const call = await describeCall(
      tx(abi.encodeFunctionData('transfer', [OTHER, 1_500_000n])),
      chain,
    );
    expect(call).toMatchObject({
      kind: 'token',
      fn: 'transfer',
      counterparty: OTHER,
      amounts: ['1500000'],
      token: { standard: 'erc20', symbol: 'USDC', decimals: 6 },
    });
  });

  it('tells an ERC-721 approve (one token id) from an ERC-20 one by asking the contract', async () => {
    const chain = feeChain({
      eth_call: tokenCalls({ [TOKEN.toLowerCase()]: { symbol: 'ART', interfaces: [ERC721] } }),
    });
    const call = await describeCall(tx(abi.encodeFunctionData('approve', [OTHER, 42n])), chain);
    expect(call).toMatchObject({ kind: 'token', fn: 'approve', tokenIds: ['42'], amounts: [] });
  });

  it('reads setApprovalForAll and ERC-1155 transfers', async () => {
    const chain = feeChain({
      eth_call: tokenCalls({ [TOKEN.toLowerCase()]: { interfaces: [ERC1155] } }),
    });
    expect(
      await describeCall(tx(abi.encodeFunctionData('setApprovalForAll', [OTHER, true])), chain),
    ).toMatchObject({ fn: 'setApprovalForAll', approved: true, counterparty: OTHER });
    expect(
      await describeCall(
        tx(abi.encodeFunctionData('safeTransferFrom', [SENDER, OTHER, 7n, 3n, '0x'])),
        chain,
      ),
    ).toMatchObject({ fn: 'safeTransferFrom', tokenIds: ['7'], amounts: ['3'], owner: SENDER });
  });

  it('says the decimals are unknown rather than guessing 18', async () => {
    const chain = feeChain({ eth_call: tokenCalls({}) });
    const call = await describeCall(tx(abi.encodeFunctionData('transfer', [OTHER, 5n])), chain);
    expect(call).toMatchObject({ kind: 'token', token: { decimals: null, symbol: null } });
  });

  it('names a function of the bundled list with its arguments, and only the selector otherwise', async () => {
    expect(knownSignatureCount()).toBeGreaterThan(20);
    const chain = feeChain();
    expect(
      await describeCall(tx(abi.encodeFunctionData('transferOwnership', [OTHER])), chain),
    ).toEqual({
      kind: 'known',
      signature: 'transferOwnership(address)',
      args: [{ name: '', type: 'address', value: OTHER }],
    });
    expect(await describeCall(tx('0x12345678aabb'), chain)).toEqual({
      kind: 'unknown',
      selector: '0x12345678',
      dataBytes: 6,
    });
  });

  it('shows data that does not decode as the token function it names by its selector only', async () => {
    const chain = feeChain({ eth_call: tokenCalls({}) });
    const truncated = abi.encodeFunctionData('transfer', [OTHER, 1n]).slice(0, 40);
    expect(await describeCall(tx(truncated), chain)).toMatchObject({
      kind: 'unknown',
      selector: '0xa9059cbb',
    });
  });

  it('reads a plain transfer and a contract creation', async () => {
    const chain = feeChain();
    expect(await describeCall(tx('0x', OTHER), chain)).toEqual({ kind: 'native' });
    expect(await describeCall(tx('0x6080604052', null), chain)).toEqual({
      kind: 'create',
      codeBytes: 5,
    });
  });
});
