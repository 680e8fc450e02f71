import type { DevPlaylist, DevUser } from '../dataset/types.ts';
import type { HostContext } from './context.ts';
import { ApiError } from './http-error.ts';

export function userOr404(ctx: HostContext, id: string): DevUser {
  const user = ctx.data.usersById.get(id);
  if (!user) throw new ApiError(404, `User ${id} not found`);
  return user;
}

export function playlistOr404(ctx: HostContext, id: string): DevPlaylist {
  const playlist = ctx.data.playlistsById.get(id);
  if (!playlist) throw new ApiError(404, `Playlist ${id} not found`);
  return playlist;
}
