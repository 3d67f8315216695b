import { Router } from '@koa/router';
import { API_PATHS, stagePropertyResponseSchema } from '@shared/api';
import { AUTHENTICATION_REQUIRED, asSentence } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { IDEMPOTENCY_KEY_RULE, idempotencyKeyOf } from '../../http/idempotency-key';
import { parseJsonBody, routeMounter } from '../../http/mount';
import { propertyStagingService } from './property-staging.service';

/** Staging a property's rooms in one look; each room's progress is its project's status. */
export function propertyStagingRoutes(deps: AppDeps): Router {
  const staging = propertyStagingService(deps);
  const router = new Router();
  const mount = routeMounter(router, deps.repos.users);

  mount(
    'post',
    API_PATHS.propertyStage,
    async ({ user, params }, ctx) => {
      // Someone else's property is a 404 whatever the body: nobody learns about it from a 400.
      const property = await staging.ownProperty(user, params.id);
      const request = parseJsonBody('post', API_PATHS.propertyStage, ctx);
      const key = idempotencyKeyOf(ctx, IDEMPOTENCY_KEY_RULE);
      const { response, created } = await staging.stage(user, property, request, key);
      if (!created) ctx.status = 200;
      return stagePropertyResponseSchema.parse(response);
    },
    {
      before: [requireFreeSpace(deps.diskSpace)],
      signInMessage: asSentence(AUTHENTICATION_REQUIRED),
      deferBody: true,
    },
  );

  return router;
}
