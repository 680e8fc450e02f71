import type { Hono } from 'hono';
import type { HostContext } from './context.ts';
import { trackJson } from './serialize.ts';

export function registerTrackRoutes(app: Hono, ctx: HostContext): void {
  const { data } = ctx;

  // Bulk lookup by id (`?id=a&id=b`): unknown and unlisted ids are left out, as on real hosts.
  app.get('/v1/tracks', (c) => {
    const ids = c.req.queries('id') ?? [];
    const tracks = ids.flatMap((id) => {
      const track = data.tracksById.get(id);
      return track && !track.unlisted ? [trackJson(ctx, track)] : [];
    });
    return c.json({ data: tracks });
  });
}
