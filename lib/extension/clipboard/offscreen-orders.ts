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
