// One line per request: method, route, status, duration. Never the query string (it carries
// the lookupKey), never a body, never a header; unknown paths are not echoed either. Wraps the
// whole fetch so that requests refused by CORS are logged too.
import type { FetchHandler } from './fetch-handler.ts';

export type LogLine = (line: string) => void;

export function withRequestLog(
  handler: FetchHandler,
  log: LogLine,
  knownPaths: ReadonlySet<string>,
): FetchHandler {
  return async (request, env) => {
    const started = performance.now();
    const response = await handler(request, env);
    const pathname = new URL(request.url).pathname;
    const path = knownPaths.has(pathname) ? pathname : '(unknown path)';
    log(requestLine(request.method, path, response.status, started));
    return response;
  };
}

/** One answered request's line: method, path, status and the time since `started`. */
export function requestLine(method: string, path: string, status: number, started: number): string {
  return `${method} ${path} ${status} ${(performance.now() - started).toFixed(1)}ms`;
}

/** The line for an unexpected error: its kind only (a driver's message may quote SQL or values). */
export function unexpectedErrorLine(method: string, error: unknown): string {
  if (!(error instanceof Error)) return `error ${method} ${typeof error}`;
  return `error ${method} ${error.name}${'code' in error ? ` ${String(error.code)}` : ''}`;
}
