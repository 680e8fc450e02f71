import type { NativeCurrency } from '../../transactions/index.ts';

/** The chain a batch runs on: Encore's current chain. */
export interface CallsChain {
  id: number;
  name: string;
  currency: NativeCurrency;
}
