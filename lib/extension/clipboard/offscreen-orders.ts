import { type OffscreenWatch, offscreenWatchSchema } from './schemas.ts';

export interface OrderSender {
  id?: string;
  url?: string;
}

/**
 * The offscreen document's filter on `runtime.onMessage`, where every extension page's and
 * content script's messages arrive too: a watch order counts only from the worker itself
 * (`workerUrl`, this extension's id) and only in the shape the worker sends.
 */
export function acceptWatch(
  message: unknown,
  sender: OrderSender,
  self: { id: string; workerUrl: string },
): OffscreenWatch | null {
  if (sender.id !== self.id || sender.url !== self.workerUrl) return null;
  const watch = offscreenWatchSchema.safeParse(message);
  return watch.success ? watch.data : null;
}

/** The offscreen document's answer to a watch it took on (a closing document takes none). */
export const WATCH_ACCEPTED = { accepted: true } as const;

/** Whether the answer to a watch order says the document took it on. */
export function watchAccepted(answer: unknown): boolean {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    (answer as { accepted?: unknown }).accepted === true
  );
}
