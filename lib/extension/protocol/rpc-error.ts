// The error a page sees: an Error with EIP-1193's numeric `code` (and optional `data`), which is
// what ethers, viem and wagmi inspect. It belongs to the repository's one error family
// (EncoreError) with a numeric code; the worker's RPC errors extend it. `toRpcError()` gives
// exactly the `{ code, message, data }` that crosses the port and the window. Kept tiny: it ships
// in the injected script.

import { EncoreError } from '@encore-wallet/utils/errors';

export interface RpcErrorShape {
  code: number;
  message: string;
  data?: unknown;
}

export class ProviderRpcError extends EncoreError<number> {
  /** The code of a plain provider error; each instance carries its own EIP-1193 code. */
  static override readonly code: number = -32603;
  readonly #code: number;

  constructor(code: number, message: string, data?: unknown) {
    super(message, data === undefined ? {} : { data });
    // Explicit: class names are minified in the bundles, and pages may read `name`.
    this.name = 'ProviderRpcError';
    this.#code = code;
  }

  override get code(): number {
    return this.#code;
  }

  /** The EIP-1193 wire shape, and nothing else. */
  toRpcError(): RpcErrorShape {
    return { code: this.code, message: this.message, data: this.data };
  }
}
