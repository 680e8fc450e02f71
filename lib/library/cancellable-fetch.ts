import type { FetchFn } from '@encore-wallet/catalog';

/**
 * HTTP 499 ("client closed request"): what a cancelled request answers. The catalog client treats
 * transport failures as a dead host (marked bad for everyone, retried elsewhere), so a person
 * leaving a tab must not look like one; a status below 500 is neither retried nor held against
 * the host. Callers check their signal and drop the answer.
 */
export const CANCELLED_STATUS = 499;

/**
 * `fetchFn` under `signal` as well as the client's own deadline. The body is read here, under the
 * same signals, so a cancel mid-body is a cancel too.
 */
export function cancellableFetch(fetchFn: FetchFn, signal: AbortSignal): FetchFn {
  return async (input, init) => {
    if (signal.aborted) return cancelled();
    const signals = init?.signal ? [init.signal, signal] : [signal];
    const work = async (): Promise<Response> => {
      try {
        const response = await fetchFn(input, { ...init, signal: AbortSignal.any(signals) });
        const text = await response.text();
        return new Response(text, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      } catch (error) {
        if (signal.aborted) return cancelled();
        throw error;
      }
    };
    // Answer the cancel at once, even from a fetch that ignores its signal.
    let stopWatching = (): void => undefined;
    const onCancel = new Promise<Response>((resolve) => {
      const answer = (): void => resolve(cancelled());
      signal.addEventListener('abort', answer, { once: true });
      stopWatching = () => signal.removeEventListener('abort', answer);
    });
    try {
      return await Promise.race([work(), onCancel]);
    } finally {
      stopWatching();
    }
  };
}

function cancelled(): Response {
  return new Response('{"message":"cancelled"}', { status: CANCELLED_STATUS });
}

/**
 * The host list fetched once per page: every tab's client (one per visit, for its own cancel
 * signal) shares it instead of asking again.
 */
export function sharedHostList(fetchFn: FetchFn, hostListUrl: string, timeoutMs: number): FetchFn {
  let saved: Promise<{ status: number; text: string; type: string }> | undefined;
  return async (input, init) => {
    if (input !== hostListUrl) return fetchFn(input, init);
    if (!saved) {
      // Its own deadline, not the first caller's signals: one visit's cancel must not fail another
      // visit waiting on the same answer.
      const attempt = fetchFn(input, {
        ...init,
        signal: AbortSignal.timeout(timeoutMs),
      }).then(async (r) => ({
        status: r.status,
        text: await r.text(),
        type: r.headers.get('content-type') ?? 'application/json',
      }));
      saved = attempt;
      // Only a real answer is kept: a failure or a cancel asks again next time.
      attempt.then(
        (a) => {
          if (a.status === CANCELLED_STATUS || a.status >= 500) saved = undefined;
        },
        () => {
          saved = undefined;
        },
      );
    }
    const answer = await saved;
    return new Response(answer.text, {
      status: answer.status,
      headers: { 'content-type': answer.type },
    });
  };
}
