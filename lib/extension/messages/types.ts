import type { MessageMapOf } from './define.ts';
import type { messageHandlers } from './handlers/index.ts';

/**
 * Every request the background answers, read from the handler definitions: `input` is the
 * payload without `type` (what the page sends), `result` what it gets back.
 */
export type MessageMap = MessageMapOf<ReturnType<typeof messageHandlers>[number]>;
