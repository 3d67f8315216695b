import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import { API_PATHS } from '@shared/api';
import { UPLOAD_MAX_BYTES } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import type { OriginalsService } from './originals.service';
import { routeMounter } from '../../http/mount';
import { sendImage } from '../../http/send-image';
import { readUpload } from '../../images';
import { enforceRateLimit } from '../limits';
import { checkProvenance } from './provenance-check';

const VISIT_WINDOW_MS = 15 * 60 * 1000;

/** Public: the original a printed short address leads to; never indexed, limited per address like shares. */
export function originalsRoutes(deps: AppDeps, { originals }: { originals: OriginalsService }): Router {
  const router = new Router();
  const mount = routeMounter(router, deps.repos.users);

  const visit: Middleware = async (ctx, next) => {
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    // The same budget per address as shared pages: an original is one more photo of a share.
    await enforceRateLimit(deps.repos, {
      key: `shares:ip:${ctx.ip}`,
      windowMs: VISIT_WINDOW_MS,
      max: deps.config.SHARE_REQUESTS_PER_IP,
      message: 'Too many requests for shared photos from your network. Please try again in a few minutes.',
    });
    await next();
  };

  mount('get', API_PATHS.original, ({ params }) => originals.view(params.code), { before: [visit] });

  mount(
    'get',
    API_PATHS.originalImage,
    async ({ params }, ctx) => sendImage(ctx, await originals.image(params.code)),
    { before: [visit] },
  );

  // Anyone may ask where a photo came from (the original's page offers it); counted like a visit.
  mount(
    'post',
    API_PATHS.provenanceCheck,
    async (_, ctx) => checkProvenance(deps, (await readUpload(ctx, { maxFileBytes: UPLOAD_MAX_BYTES })).file),
    { before: [visit] },
  );

  return router;
}
