// The one error the typed-data validator throws: where (a path from the typed data's root, e.g.
// `message.to.wallets[1]`) and what is wrong there. The RPC method answers it as -32602.

export type TypedDataPath = readonly (string | number)[];

export interface TypedDataErrorJSON {
  name: 'TypedDataError';
  code: 'INVALID_TYPED_DATA';
  message: string;
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

export class TypedDataError extends Error {
  override readonly name = 'TypedDataError' as const;
  readonly code = 'INVALID_TYPED_DATA' as const;
  /** Below the typed data's root; empty for the typed data as a whole. */
  readonly path: TypedDataPath;
  readonly problem: string;

  constructor(path: TypedDataPath, problem: string) {
    super(`${formatTypedDataPath(path)} ${problem}`);
    this.path = path;
    this.problem = problem;
  }

  toJSON(): TypedDataErrorJSON {
    const { name, code, message, problem } = this;
    return { name, code, message, path: formatTypedDataPath(this.path), problem };
  }
}
