// The one error the typed-data validator throws: where (a path from the typed data's root, e.g.
// `message.to.wallets[1]`) and what is wrong there. The RPC method answers it as -32602.

import { EncoreError, type EncoreErrorJSON } from '@encore-wallet/utils/errors';

export type TypedDataPath = readonly (string | number)[];

export interface TypedDataErrorJSON extends EncoreErrorJSON {
  name: 'TypedDataError';
  code: 'INVALID_TYPED_DATA';
  path: string;
  problem: string;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
// A site chooses its keys; a path quoting them stays one readable line of bounded length.
const MAX_KEY_IN_PATH = 64;

/** `typedData.message.to.wallets[1]`; keys that are not identifiers are quoted. */
export function formatTypedDataPath(path: TypedDataPath, root = 'typedData'): string {
  let text = root;
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (IDENTIFIER.test(segment) && segment.length <= MAX_KEY_IN_PATH) text += `.${segment}`;
    else text += `[${JSON.stringify(segment.slice(0, MAX_KEY_IN_PATH))}]`;
  }
  return text;
}

export class TypedDataError extends EncoreError<'INVALID_TYPED_DATA'> {
  static override readonly code = 'INVALID_TYPED_DATA' as const;
  override readonly name = 'TypedDataError' as const;
  /** Below the typed data's root; empty for the typed data as a whole. */
  readonly path: TypedDataPath;
  readonly problem: string;

  constructor(path: TypedDataPath, problem: string) {
    super(`${formatTypedDataPath(path)} ${problem}`);
    this.path = path;
    this.problem = problem;
  }

  override toJSON(): TypedDataErrorJSON {
    const { name, code, problem } = this;
    return { ...super.toJSON(), name, code, path: formatTypedDataPath(this.path), problem };
  }
}
