// The popup and the approval window take their first answer right after the first render: the
// load and its early source (useAsync) and the port subscription (useApprovals) start in the
// render's own commit, not in an effect that waits for the browser's next frame (with no frame,
// Preact's 35 ms fallback timer). Rendered into a linkedom document with Preact, whose plain
// effects are then still pending when render() returns.
import { parseHTML } from 'linkedom';
import { h, render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ApprovalFeed,
  type ApprovalsState,
  useApprovals,
} from '../../../entrypoints/approval/components/use-approvals.ts';
import { startedEarly, useAsync } from '../../../lib/extension/ui/index.ts';

let root: Element;

beforeEach(() => {
  const { document } = parseHTML('<!doctype html><html><body><div id="app"></div></body></html>');
  vi.stubGlobal('document', document);
  root = document.getElementById('app') as Element;
});

afterEach(() => {
  render(null, root);
  vi.unstubAllGlobals();
});

describe('useAsync', () => {
  it('starts its load within render(), before any frame', () => {
    const load = vi.fn(() => new Promise<string>(() => undefined));
    function Probe(): null {
      useAsync(load, []);
      return null;
    }
    render(h(Probe, null), root);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts an early source within render() too, beside its load', () => {
    const load = vi.fn(() => new Promise<string>(() => undefined));
    const early = vi.fn(() => new Promise<string | null>(() => undefined));
    function Probe(): null {
      useAsync(load, [], { early });
      return null;
    }
    render(h(Probe, null), root);
    expect(load).toHaveBeenCalledTimes(1);
    expect(early).toHaveBeenCalledTimes(1);
  });

  it('renders the answer once it comes, and a loading state only once before it', async () => {
    let answer: (value: string) => void = () => undefined;
    const seen: string[] = [];
    function Probe(): null {
      const [state] = useAsync(() => new Promise<string>((done) => (answer = done)), []);
      seen.push(state.status === 'done' ? state.value : state.status);
      return null;
    }
    render(h(Probe, null), root);
    answer('state');
    await vi.waitFor(() => expect(seen).toEqual(['loading', 'state']));
  });
});

describe('useApprovals', () => {
  it('subscribes to the feed within render(), before any frame', () => {
    const listeners = new Set<(state: ApprovalsState) => void>();
    const feed: ApprovalFeed = {
      current: () => ({ snapshot: null, expired: false }),
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    function Probe(): null {
      useApprovals(feed);
      return null;
    }
    render(h(Probe, null), root);
    expect(listeners.size).toBe(1);
  });
});

describe('startedEarly', () => {
  it('starts at once, hands that run to the first caller and a new one to each later caller', async () => {
    let runs = 0;
    const take = startedEarly(async () => ++runs);
    expect(runs).toBe(1);
    expect(await take()).toBe(1);
    expect(await take()).toBe(2);
    expect(runs).toBe(2);
  });

  it('keeps an early failure for its taker', async () => {
    const take = startedEarly(() => Promise.reject(new Error('worker asleep')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(take()).rejects.toThrow('worker asleep');
  });
});
