// One HTTP exchange under a deadline, shared by the backend and catalog clients; each turns a
// failure into its own error. The body is read under the same deadline: a server that stalls
// mid-body is as dead as one that never answers.

/** `fetch` as the clients take it (an unbound `window.fetch` throws, so they pass a wrapper). */
export type FetchText = (input: string, init: RequestInit) => Promise<Response>;

export interface TextResponse {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
}

export type Exchange =
  | { answered: true; response: TextResponse }
  /** No answer: `timedOut` when the deadline passed, otherwise a transport failure. */
  | { answered: false; timedOut: boolean; cause: unknown };

/**
 * `readBody` reads the body (default: all of it as text); one that throws, for example on too
 * large a body, makes the exchange unanswered with its error as `cause`.
 */
export async function fetchText(
  fetchFn: FetchText,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  readBody: (response: Response) => Promise<string> = (response) => response.text(),
): Promise<Exchange> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  // A caller's signal (a hedged request's loser) cancels the exchange too.
  const outer = init.signal;
  const cancel = (): void => controller.abort();
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', cancel, { once: true });
  try {
    const response = await fetchFn(url, { ...init, signal: controller.signal });
    const text = await readBody(response);
    const { status, statusText, headers } = response;
    return { answered: true, response: { status, statusText, headers, text } };
  } catch (cause) {
    return { answered: false, timedOut: controller.signal.aborted, cause };
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', cancel);
  }
}

/** The parsed body, or undefined when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
