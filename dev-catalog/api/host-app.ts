import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { registerContentRoutes } from './content.ts';
import type { HostContext } from './context.ts';
import { answerErrorsIn } from './error-body.ts';
import { failWhenSwitched } from './faults.ts';
import { ApiError } from './http-error.ts';
import { registerDevRoutes } from './routes-dev.ts';
import { registerPlaylistRoutes } from './routes-playlists.ts';
import { registerTrackRoutes } from './routes-tracks.ts';
import { registerUserRoutes } from './routes-users.ts';

/** One API host of the dev catalog, speaking the dialect of its flavor. */
export function createHostApp(ctx: HostContext): Hono {
  const app = new Hono();
  // First: a failing host fails before it says anything, CORS headers included.
  if (ctx.dev && ctx.fault) app.use('*', failWhenSwitched(ctx.fault));
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'] }));
  if (ctx.flavor === 'go') {
    // Newer hosts refuse `user_id` without signed headers (fixtures: error-403-go-api.json).
    app.use('/v1/*', async (c, next) => {
      const userId = c.req.query('user_id');
      if (userId !== undefined) {
        throw new ApiError(
          403,
          `You are not authorized to make this request authedWallet= myId=${userId}`,
        );
      }
      await next();
    });
    // Newer deployments answer the host-list URL with a status object, not a host list.
    app.get('/', (c) =>
      c.json({ data: { service: 'encore-dev-catalog', flavor: ctx.flavor, healthy: true } }),
    );
  }
  // Hosts also serve content, so the `mirrors` they list are real.
  registerContentRoutes(app);
  registerUserRoutes(app, ctx);
  registerPlaylistRoutes(app, ctx);
  registerTrackRoutes(app, ctx);
  if (ctx.dev) registerDevRoutes(app, ctx.data);
  answerErrorsIn(app, ctx.flavor);
  return app;
}
