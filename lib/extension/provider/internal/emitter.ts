// Minimal event emitter: on/removeListener for EIP-1193, once/off for older pages.
export type Listener = (...args: unknown[]) => void;

export class Emitter {
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
  }

  /** Also removes a `once` wrapper (which carries the page's listener as `inner`). */
  off(event: string, listener: Listener): void {
    const set = this.listeners.get(event);
    for (const l of set ?? []) {
      if (l === listener || (l as { inner?: Listener }).inner === listener) set?.delete(l);
    }
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        listener(...args);
      } catch (err) {
        // A page's listener throwing must not stop the others from hearing the event.
        setTimeout(() => {
          throw err;
        });
      }
    }
  }
}
