// The popup's login request runs the login's two derivations at once: the strong master on its
// worker and the Hedgehog lookup key on its own thread, both under way before either is done
// (injected derivations that finish only when the test says so). The login leaves with the lookup
// key, without waiting for the master, which follows under the login's id.
import { describe, expect, it, vi } from 'vitest';
import {
  loginRequest,
  prefetchLoginFormat,
} from '../../../entrypoints/popup/components/login-request.ts';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const LOOKUP_KEY = 'cd'.repeat(32);

function harness(format: 'hedgehog' | 'strong' | 'hardened' | null = null, answerAfterMs = 0) {
  const started: string[] = [];
  const finished: string[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const lookupKey = deferred<string>();
  const master = deferred<Uint8Array | null>();
  const track = <T>(name: string, job: Promise<T>): Promise<T> => {
    started.push(name);
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    return job.then((value) => {
      running--;
      finished.push(name);
      return value;
    });
  };
  const stop = vi.fn(() => master.resolve(null));
  const sent: { type: string; input: unknown }[] = [];
  const send = (async (type: string, input?: unknown) => {
    sent.push({ type, input });
    if (type !== 'loginFormat') return null;
    // A worker the message had to start answers after its start and bundle.
    await new Promise((resolve) => setTimeout(resolve, answerAfterMs));
    return format;
  }) as never;
  const derive = {
    lookupKey: () => track('hedgehog', lookupKey.promise),
    strongMaster: () => ({ master: track('strong', master.promise), stop }),
  };
  return {
    derive,
    send,
    sent,
    lookupKey,
    master,
    stop,
    started,
    finished,
    mostAtOnce: () => mostAtOnce,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the popup login request', () => {
  it('starts both derivations before either finishes, and sends the master under the login id', async () => {
    const h = harness();
    const request = loginRequest('ada', 'violet tram plays 7 encores', h.derive, h.send);
    await flush();
    expect(h.started.sort()).toEqual(['hedgehog', 'strong']);
    expect(h.finished).toEqual([]);
    expect(h.mostAtOnce()).toBe(2);

    // The lookup key first: the login leaves without waiting for the master.
    h.lookupKey.resolve(LOOKUP_KEY);
    const { input, done } = await request;
    expect(input).toMatchObject({ username: 'ada', lookupKey: LOOKUP_KEY });
    expect(input.strongMasterId).toMatch(/^[0-9a-f]{32}$/);
    expect(h.sent.map((m) => m.type)).toEqual(['getState', 'loginFormat']);

    h.master.resolve(new Uint8Array(32).fill(0xab));
    await flush();
    expect(h.sent.at(-1)).toEqual({
      type: 'loginStrongMaster',
      input: { strongMasterId: input.strongMasterId, master: 'ab'.repeat(32) },
    });
    done();
  });

  it('ends the strong derivation once the login is answered, and sends nothing after', async () => {
    const h = harness();
    const request = loginRequest('ada', 'violet tram plays 7 encores', h.derive, h.send);
    h.lookupKey.resolve(LOOKUP_KEY);
    const { done } = await request;
    done();
    await flush();
    expect(h.stop).toHaveBeenCalledTimes(1);
    expect(h.sent.map((m) => m.type)).toEqual(['getState', 'loginFormat']);
  });

  it('an account this browser knows in Hedgehog format gets no strong derivation beside its login', async () => {
    const h = harness('hedgehog');
    const request = loginRequest('ada', 'violet tram plays 7 encores', h.derive, h.send);
    await flush();
    expect(h.started).toEqual(['hedgehog']);
    h.lookupKey.resolve(LOOKUP_KEY);
    const { input, done } = await request;
    expect(input).toEqual({
      username: 'ada',
      password: 'violet tram plays 7 encores',
      lookupKey: LOOKUP_KEY,
    });
    done();
    expect(h.sent.find((m) => m.type === 'loginFormat')?.input).toEqual({ username: 'ada' });
  });

  it('an account not met gets both derivations at once', async () => {
    const h = harness(null);
    const request = loginRequest('ada', 'violet tram plays 7 encores', h.derive, h.send);
    await flush();
    expect(h.started.sort()).toEqual(['hedgehog', 'strong']);
    h.lookupKey.resolve(LOOKUP_KEY);
    (await request).done();
  });

  it.each(['strong', 'hardened'] as const)(
    'an account known %s gets the strong derivation only: no Hedgehog lookup key is derived or sent',
    async (known) => {
      const h = harness(known);
      const { input, done } = await loginRequest(
        'ada',
        'violet tram plays 7 encores',
        h.derive,
        h.send,
      );
      expect(h.started).toEqual(['strong']);
      expect(input).not.toHaveProperty('lookupKey');
      expect(input.strongMasterId).toMatch(/^[0-9a-f]{32}$/);
      done();
    },
  );

  it('a format asked while the password was typed spares the login the wait of a stopped worker', async () => {
    // The click wakes a stopped worker, which answers in 60 ms, past the login's 20 ms wait: the
    // popup has to run the strong derivation beside the Hedgehog lookup key.
    const cold = harness('hedgehog', 60);
    const coldRequest = loginRequest(
      'linus',
      'violet tram plays 7 encores',
      cold.derive,
      cold.send,
    );
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(cold.started.sort()).toEqual(['hedgehog', 'strong']);
    cold.lookupKey.resolve(LOOKUP_KEY);
    (await coldRequest).done();

    // Asked while the password was typed (the worker woke then), the answer is there at the click.
    const h = harness('hedgehog', 60);
    prefetchLoginFormat('grace', h.send);
    await new Promise((resolve) => setTimeout(resolve, 80));
    const request = loginRequest('grace', 'violet tram plays 7 encores', h.derive, h.send);
    await flush();
    expect(h.started).toEqual(['hedgehog']);
    h.lookupKey.resolve(LOOKUP_KEY);
    const { input, done } = await request;
    expect(input).not.toHaveProperty('strongMasterId');
    done();
    expect(h.sent.filter((m) => m.type === 'loginFormat')).toHaveLength(1);
  });
});
