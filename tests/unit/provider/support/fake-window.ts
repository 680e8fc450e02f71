// A stand-in for a page's window: postMessage delivers asynchronously to every listener with
// `source` set, as browsers do. Enough for the provider, relay and EIP-6963 code.

export interface FakeWindow extends EventTarget {
  ethereum?: unknown;
  postMessage(data: unknown, targetOrigin?: string): void;
  /** Delivers a message as if another window (a frame, an opener) had posted it. */
  deliverFrom(source: unknown, data: unknown): void;
}

function messageEvent(data: unknown, source: unknown): Event {
  const event = new Event('message');
  Object.defineProperties(event, { data: { value: data }, source: { value: source } });
  return event;
}

export function createFakeWindow(): FakeWindow & Window {
  const target = new EventTarget() as FakeWindow;
  target.postMessage = (data: unknown): void => {
    // structuredClone mirrors what the browser does to posted data.
    const copy = structuredClone(data);
    setTimeout(() => target.dispatchEvent(messageEvent(copy, target)));
  };
  target.deliverFrom = (source: unknown, data: unknown): void => {
    setTimeout(() => target.dispatchEvent(messageEvent(structuredClone(data), source)));
  };
  return target as FakeWindow & Window;
}

/** Lets chains of posted messages settle: each round runs after every timer queued before it. */
export async function tick(): Promise<void> {
  for (let round = 0; round < 10; round++) await new Promise((resolve) => setTimeout(resolve, 0));
}
