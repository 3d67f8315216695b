import { Router } from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../../app-deps';
import { requireUser, sessionId, type SignedInState } from '../../http/session';

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

  router.get<SignedInState>('/events', requireUser(repos.users), (ctx) => {
    const stream = liveEvents.open(ctx.state.user._id, sessionId(ctx));
    streamHeaders(ctx);
    ctx.body = stream.body;
  });

  return router;
}
