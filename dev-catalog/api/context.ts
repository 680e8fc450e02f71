import type { Dataset } from '../dataset/types.ts';
import type { FaultKind } from './faults.ts';

/**
 * `go` hosts emulate the newer deployment (swagger-v1-go.yaml): `{code, error}` error bodies,
 * `/users/address` instead of `/users/id`, `mirrors` on image objects, 403 for an unsigned
 * `user_id`. `python` hosts emulate the older one (swagger-v1-python.json): `{message}` errors and
 * `/users/id?associated_wallet=`.
 */
export type HostFlavor = 'go' | 'python';

export interface HostContext {
  data: Dataset;
  flavor: HostFlavor;
  /** Where images are served (the host-list server's `/content/...`). */
  contentBase: () => string;
  /** Other hosts serving the same content, for `mirrors` (go hosts only). */
  mirrors: () => string[];
  dev: boolean;
  /** Dev mode's fault switch for this host (faults.ts); absent or null: it answers normally. */
  fault?: () => FaultKind | null;
}
