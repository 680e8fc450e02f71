// How much gas an operation's calls need, found before the account has signed anything: the
// calls run in eth_call as the EntryPoint runs them (from the EntryPoint, on the account, with
// the delegate's code put in place for an account not upgraded yet), under a gas cap that is
// halved towards the least that still succeeds. Nodes do not all take state overrides in
// eth_estimateGas; every node takes them in eth_call.
import type { Address, Hex } from '@encore-wallet/calls';
import type { Simulation, SponsorChain } from './sponsor-chain.ts';

/** The least gas found is within this share of the true least (1/32: about 3%). */
const PRECISION = 32n;
const FLOOR = 25_000n;

export async function callGasOf(options: {
  chain: SponsorChain;
  entryPoint: Address;
  account: Address;
  callData: Hex;
  override: Record<string, { code: Hex }> | undefined;
  cap: bigint;
}): Promise<{ gas: bigint } | { reverted: Simulation }> {
  const run = (gas: bigint) =>
    options.chain.simulate(
      {
        from: options.entryPoint,
        to: options.account,
        data: options.callData,
        authorizationList: [],
        gas,
      },
      options.override,
    );
  const atCap = await run(options.cap);
  if (!atCap.ok) return { reverted: atCap };
  let low = FLOOR;
  let high = options.cap;
  while (high - low > high / PRECISION) {
    const middle = (low + high) / 2n;
    if ((await run(middle)).ok) high = middle;
    else low = middle;
  }
  return { gas: high };
}
