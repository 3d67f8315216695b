import { conflict } from '../../http/errors';
import type { Repositories } from '../../store';

/** How long a repeat waits for the first request with its key to finish the run. */
const KEY_WAIT_MS = 20_000;
const KEY_POLL_MS = 100;

export interface RunRoom {
  roomId: string;
  projectId: string;
}

/**
 * Owns the key (null), or the rooms an earlier run with it staged. A run with the same key still going
 * is waited for, so parallel retries all answer with the one run.
 */
export async function claimRunKey(
  repos: Repositories,
  userId: string,
  key: string,
): Promise<RunRoom[] | null> {
  const deadline = Date.now() + KEY_WAIT_MS;
  for (;;) {
    const claim = await repos.idempotency.claim(userId, key);
    if (claim.state === 'new') return null;
    const ids = claim.projectIds ?? (claim.projectId ? [claim.projectId] : []);
    if (ids.length > 0) {
      const projects = await Promise.all(ids.map((id) => repos.projects.findForOwner(userId, id)));
      const rooms = projects.flatMap((p) => (p?.roomId ? [{ roomId: p.roomId, projectId: p._id }] : []));
      if (rooms.length === 0)
        throw conflict(
          'This Idempotency-Key belongs to a staging whose projects were deleted.',
          'idempotency_key_used',
        );
      return rooms;
    }
    if (Date.now() > deadline)
      throw conflict(
        'A request with this Idempotency-Key is still running. Please retry shortly.',
        'idempotency_in_progress',
      );
    await new Promise((r) => setTimeout(r, KEY_POLL_MS));
  }
}
