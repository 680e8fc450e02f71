// The activity list: every transaction Encore sent, per account and chain, with what the chain
// says about it (pending, confirmed, failed, dropped; refused for a batch its sponsor did not
// take) and the fee it cost.
export {
  type ActivityEntry,
  type ActivityStatus,
  activityEntrySchema,
  MAX_REFUSAL_TEXT,
  refusalText,
} from './activity-entry.ts';
export {
  type ActivityService,
  type ActivityServiceDeps,
  type ActivityView,
  createActivityService,
} from './activity-service.ts';
export {
  ACTIVITY_KEY,
  ACTIVITY_VERSION,
  type ActivityStore,
  createActivityStore,
  MAX_ENTRIES,
} from './activity-store.ts';
export { DROP_AFTER_MS, readStatus } from './transaction-status.ts';
export type {
  ActivityRecorder,
  SentTransaction,
  SponsoredBatch,
  SponsorRefusalNote,
} from './types.ts';
