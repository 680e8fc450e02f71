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
    const ms = (performance.now() - started).toFixed(1);
    log(`${request.method} ${path} ${response.status} ${ms}ms`);
    return response;
  };
}
