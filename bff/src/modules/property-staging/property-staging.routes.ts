import { Router } from '@koa/router';
import { API_PATHS, stagePropertyResponseSchema } from '@shared/api';
import { AUTHENTICATION_REQUIRED, asSentence } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import type { PropertyStagingService } from './property-staging.service';
import { requireFreeSpace } from '../../http/disk-guard';
import { IDEMPOTENCY_KEY_RULE, idempotencyKeyOf } from '../../http/idempotency-key';
import { parseJsonBody, routeMounter } from '../../http/mount';

/** Staging a property's rooms in one look; each room's progress is its project's status. */
export function propertyStagingRoutes(
  deps: AppDeps,
  services: { propertyStaging: PropertyStagingService },
): Router {
  const staging = services.propertyStaging;
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
