// The error a page sees: an Error with EIP-1193's numeric `code` (and optional `data`), which is
// what ethers, viem and wagmi inspect. The worker's RPC errors extend it, so `toJSON()` gives
// exactly the shape that crosses the port and the window. Kept tiny: it ships in the injected
// script.

export interface RpcErrorShape {
  code: number;
  message: string;
  data?: unknown;
}

export class ProviderRpcError extends Error {
  readonly code: number;
  readonly data?: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'ProviderRpcError';
    this.code = code;
    if (data !== undefined) this.data = data;
  }

  toJSON(): RpcErrorShape {
    return { code: this.code, message: this.message, data: this.data };
  }
}
