// How lib/transactions reads the chain: one JSON-RPC request at a time to the chain's node (the
// extension gives it the worker's node client for the current chain; tests a real local chain).

export interface ChainAccess {
  /** The node's result, or throws the node's error (an error with a numeric `code`). */
  request(method: string, params: readonly unknown[]): Promise<unknown>;
}

/** A hex quantity from a node's answer, or throws. */
export function quantityOf(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) {
    throw new Error(`The node answered ${what} with something that is not a quantity`);
  }
  return BigInt(value);
}

/** Hex bytes from a node's answer, or throws. */
export function bytesOf(value: unknown, what: string): string {
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) {
    throw new Error(`The node answered ${what} with something that is not hex bytes`);
  }
  return value.toLowerCase();
}

/** A JSON-RPC call object for eth_call / eth_estimateGas, every quantity in hex. */
export function callObject(call: {
  from: string;
  to: string | null;
  value: bigint;
  data: string;
  gas?: bigint;
}): Record<string, string> {
  return {
    from: call.from,
    ...(call.to === null ? {} : { to: call.to }),
    value: `0x${call.value.toString(16)}`,
    data: call.data,
    ...(call.gas === undefined ? {} : { gas: `0x${call.gas.toString(16)}` }),
  };
}
