// The token functions Encore reads calls of: ERC-20, ERC-721 and ERC-1155 transfers and
// approvals, and the other standard ways a fungible token moves or is approved with the holder as
// sender, each read as the plain function it amounts to: ERC-677/ERC-1363 `transferAndCall`,
// `transferFromAndCall` and `approveAndCall` (LINK and others), ERC-777 `send`, `operatorSend`
// and `authorizeOperator` (an operator of every token). Built on first use. Two selectors are shared by ERC-20 and ERC-721 (approve and
// transferFrom): which one a call is depends on the contract, read on chain (token-info.ts).

import { Interface } from 'ethers';

export type TokenStandard = 'erc20' | 'erc721' | 'erc1155';

export type TokenFunction =
  | 'transfer'
  | 'approve'
  | 'transferFrom'
  | 'increaseAllowance'
  | 'safeTransferFrom'
  | 'safeBatchTransferFrom'
  | 'setApprovalForAll';

export interface TokenSignature {
  readonly signature: string;
  readonly fn: TokenFunction;
  /** The standards whose contracts have this function (two for the shared selectors). */
  readonly standards: readonly TokenStandard[];
}

const SIGNATURES: readonly TokenSignature[] = [
  { signature: 'transfer(address,uint256)', fn: 'transfer', standards: ['erc20'] },
  { signature: 'approve(address,uint256)', fn: 'approve', standards: ['erc20', 'erc721'] },
  {
    signature: 'transferFrom(address,address,uint256)',
    fn: 'transferFrom',
    standards: ['erc20', 'erc721'],
  },
  {
    signature: 'increaseAllowance(address,uint256)',
    fn: 'increaseAllowance',
    standards: ['erc20'],
  },
  {
    signature: 'safeTransferFrom(address,address,uint256)',
    fn: 'safeTransferFrom',
    standards: ['erc721'],
  },
  {
    signature: 'safeTransferFrom(address,address,uint256,bytes)',
    fn: 'safeTransferFrom',
    standards: ['erc721'],
  },
  {
    signature: 'safeTransferFrom(address,address,uint256,uint256,bytes)',
    fn: 'safeTransferFrom',
    standards: ['erc1155'],
  },
  {
    signature: 'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
    fn: 'safeBatchTransferFrom',
    standards: ['erc1155'],
  },
  {
    signature: 'setApprovalForAll(address,bool)',
    fn: 'setApprovalForAll',
    standards: ['erc721', 'erc1155'],
  },
  { signature: 'transferAndCall(address,uint256)', fn: 'transfer', standards: ['erc20'] },
  { signature: 'transferAndCall(address,uint256,bytes)', fn: 'transfer', standards: ['erc20'] },
  {
    signature: 'transferFromAndCall(address,address,uint256)',
    fn: 'transferFrom',
    standards: ['erc20'],
  },
  {
    signature: 'transferFromAndCall(address,address,uint256,bytes)',
    fn: 'transferFrom',
    standards: ['erc20'],
  },
  { signature: 'approveAndCall(address,uint256)', fn: 'approve', standards: ['erc20'] },
  { signature: 'approveAndCall(address,uint256,bytes)', fn: 'approve', standards: ['erc20'] },
  { signature: 'send(address,uint256,bytes)', fn: 'transfer', standards: ['erc20'] },
  {
    signature: 'operatorSend(address,address,uint256,bytes,bytes)',
    fn: 'transferFrom',
    standards: ['erc20'],
  },
  // An ERC-777 operator may move every token of the holder: setApprovalForAll(operator, true).
  { signature: 'authorizeOperator(address)', fn: 'setApprovalForAll', standards: ['erc20'] },
];

interface TokenTable {
  readonly iface: Interface;
  readonly bySelector: ReadonlyMap<string, TokenSignature>;
}

let table: TokenTable | undefined;

export function tokenTable(): TokenTable {
  if (!table) {
    const iface = new Interface(SIGNATURES.map((s) => `function ${s.signature}`));
    const bySelector = new Map(
      SIGNATURES.map((s) => [iface.getFunction(s.signature)?.selector ?? '', s] as const),
    );
    table = { iface, bySelector };
  }
  return table;
}

/** What the token contracts answer about themselves (read-only calls). */
export const TOKEN_READS = [
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
  'function totalSupply() view returns (uint256)',
  'function supportsInterface(bytes4) view returns (bool)',
] as const;

/** ERC-165 interface ids. */
export const INTERFACE_IDS = { erc721: '0x80ac58cd', erc1155: '0xd9b67a26' } as const;
