import { Router } from '@koa/router';
import type { Context } from 'koa';
import { API_PATHS } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { routeMounter } from '../../http/mount';
import { sessionId } from '../../http/session';

/** An answer that stays open: no timeout, sent as written, never buffered or transformed on the way. */
function streamHeaders(ctx: Context): void {
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.req.socket.setKeepAlive(true);
  ctx.type = 'text/event-stream';
  // The API's no-store stays; no-transform and X-Accel-Buffering keep proxies from compressing or holding it.
  ctx.set('Cache-Control', 'no-store, no-transform');
  ctx.set('X-Accel-Buffering', 'no');
}

export function eventsRoutes({ repos, liveEvents }: AppDeps): Router {
  const router = new Router();
  const mount = routeMounter(router, repos.users);

  mount('get', API_PATHS.events, ({ user }, ctx) => {
    const stream = liveEvents.open(user._id, sessionId(ctx));
    streamHeaders(ctx);
    return stream.body;
  });

  return router;
}
