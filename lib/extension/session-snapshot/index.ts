// The session snapshot's stored form, and its reader for the worker and the extension pages alike.
// Apart from the session (lib/extension/session) so a page reading it before the worker answers
// bundles only this: no wallet core, no zod.
export {
  type CachedProfile,
  parseSnapshot,
  type SessionSnapshot,
  SNAPSHOT_KEY,
} from './parse-snapshot.ts';
export { type PeekSnapshotOptions, peekSnapshot } from './peek-snapshot.ts';
