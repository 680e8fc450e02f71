// One line per request: method, route, status, duration. Never the query string (it carries
// the lookupKey), never a body, never a header; unknown paths are not echoed either.
import type { MiddlewareHandler } from 'hono';

export type LogLine = (line: string) => void;

export function requestLog(log: LogLine, knownPaths: ReadonlySet<string>): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const path = knownPaths.has(c.req.path) ? c.req.path : '(unknown path)';
    const ms = (performance.now() - started).toFixed(1);
    log(`${c.req.method} ${path} ${c.res.status} ${ms}ms`);
  };
}
