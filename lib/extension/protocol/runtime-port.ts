/**
 * The part of a runtime port (`browser.runtime.Port`) both ends use. Tests pass their own; the
 * browser's ports fit as they are.
 */
export interface RuntimePort {
  postMessage(message: unknown): void;
  onMessage: { addListener(callback: (message: unknown) => void): void };
  onDisconnect: { addListener(callback: () => void): void };
}
