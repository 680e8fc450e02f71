// Moving everything out of the wallet, as plain TypeScript: the destination's confirmation rules
// and the native amount that moves (to the last wei the fees leave). No extension API.
export {
  confirmedDestination,
  type Destination,
  RETYPE_CHARACTERS,
  readDestination,
  retypeTail,
} from './destination.ts';
export { type FeeCap, feeCapWei, type NativeMove, nativeToMove } from './native-amount.ts';
