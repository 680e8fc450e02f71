// What a transaction asks the node to run (eth_call, eth_estimateGas), in the node's own terms.

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
