// Minimal event emitter: EIP-1193 asks only for on/removeListener.
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

  off(event: string, listener: Listener): void {
    this.listeners.get(event)?.delete(listener);
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
