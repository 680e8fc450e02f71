export type { ActivityRecorder, SentTransaction } from './types.ts';
