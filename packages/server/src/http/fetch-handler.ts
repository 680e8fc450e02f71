/** What @hono/node-server calls per request; `env` carries the Node request for getConnInfo. */
export type FetchHandler = (request: Request, env: unknown) => Response | Promise<Response>;
