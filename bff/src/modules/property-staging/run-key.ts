import { conflict } from '../../http/errors';
import { claimIdempotencyKey } from '../../http/idempotency-key';
import type { Repositories } from '../../store';

export interface RunRoom {
  roomId: string;
  projectId: string;
}

/** Owns the key (null), or the rooms an earlier run with it staged (waited for while it runs). */
export function claimRunKey(repos: Repositories, userId: string, key: string): Promise<RunRoom[] | null> {
  return claimIdempotencyKey(repos, userId, key, async (ids) => {
    const projects = await Promise.all(ids.map((id) => repos.projects.findForOwner(userId, id)));
    const rooms = projects.flatMap((p) => (p?.roomId ? [{ roomId: p.roomId, projectId: p._id }] : []));
    if (rooms.length === 0)
      throw conflict(
        'This Idempotency-Key belongs to a staging whose projects were deleted.',
        'idempotency_key_used',
      );
    return rooms;
  });
}
