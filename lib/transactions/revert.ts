// Why a call reverts, read from the node's error: Solidity's Error(string) and Panic(uint256)
// decoded, a custom error shown by its selector and raw data (never guessed at), and a revert
// without data said plainly. Nodes put the data in `error.data` (geth) or `error.data.data`
// (Hardhat); either may be missing.

import { AbiCoder, dataSlice } from 'ethers';

export interface RevertReason {
  readonly kind: 'error' | 'panic' | 'custom' | 'none';
  /** What a person reads: the contract's message, the panic's meaning, or the raw error. */
  readonly text: string;
}

const ERROR_SELECTOR = '0x08c379a0';
const PANIC_SELECTOR = '0x4e487b71';
const MAX_REASON_LENGTH = 200;

const PANICS: Record<number, string> = {
  1: 'an assertion failed',
  17: 'an arithmetic overflow or underflow',
  18: 'a division by zero',
  33: 'an invalid enum value',
  34: 'a corrupt storage byte array',
  49: 'pop() on an empty array',
  50: 'an array index out of bounds',
  65: 'too much memory allocated',
  81: 'a call to an uninitialised function',
};

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null
    ? (error as { code?: unknown }).code
    : undefined;
}

function messageOf(error: unknown): string {
  const message =
    typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : '';
  return typeof message === 'string' ? message : '';
}

/** The revert data a node sent with its error, or null. */
export function revertDataOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const data = (error as { data?: unknown }).data;
  const nested =
    typeof data === 'object' && data !== null ? (data as { data?: unknown }).data : undefined;
  for (const candidate of [data, nested]) {
    if (typeof candidate === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(candidate)) {
      return candidate.toLowerCase();
    }
  }
  return null;
}

/** Whether the node's error says the call reverted (rather than that the node failed). */
export function isRevert(error: unknown): boolean {
  return codeOf(error) === 3 || /revert/i.test(messageOf(error)) || revertDataOf(error) !== null;
}

function printable(text: string): string {
  // Control and format characters out: the reason is shown as one line of plain text.
  const clean = text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').trim();
  return clean.length > MAX_REASON_LENGTH ? `${clean.slice(0, MAX_REASON_LENGTH)}…` : clean;
}

/** The reason a person reads for revert `data` (null: the node sent none). */
export function describeRevert(data: string | null): RevertReason {
  if (data === null || data === '0x') {
    return { kind: 'none', text: 'The contract reverted without saying why.' };
  }
  const selector = data.slice(0, 10);
  try {
    if (selector === ERROR_SELECTOR) {
      const [reason] = AbiCoder.defaultAbiCoder().decode(['string'], dataSlice(data, 4));
      return { kind: 'error', text: printable(String(reason)) || '(an empty reason)' };
    }
    if (selector === PANIC_SELECTOR) {
      const [code] = AbiCoder.defaultAbiCoder().decode(['uint256'], dataSlice(data, 4));
      const meaning = PANICS[Number(code)] ?? 'an unknown panic';
      return { kind: 'panic', text: `Panic 0x${BigInt(code).toString(16)}: ${meaning}.` };
    }
  } catch {
    // Malformed Error/Panic data: shown raw below.
  }
  const shown = data.length > 74 ? `${data.slice(0, 74)}…` : data;
  return {
    kind: 'custom',
    text: `The contract reverted with error ${selector} (data ${shown}).`,
  };
}
