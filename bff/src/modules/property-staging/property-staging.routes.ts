import { Router } from '@koa/router';
import { stagePropertyRequestSchema, stagePropertyResponseSchema } from '@shared/api';
import { AUTHENTICATION_REQUIRED, asSentence } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { IDEMPOTENCY_KEY_RULE, idempotencyKeyOf } from '../../http/idempotency-key';
import { requireUser, type SignedInState } from '../../http/session';
import { propertyStagingService } from './property-staging.service';

/** Staging a property's rooms in one look; each room's progress is its project's status. */
export function propertyStagingRoutes(deps: AppDeps): Router {
  const staging = propertyStagingService(deps);
  const signedIn = requireUser(deps.repos.users, { message: asSentence(AUTHENTICATION_REQUIRED) });
  const router = new Router({ prefix: '/properties' });

  router.post<SignedInState>('/:id/stage', requireFreeSpace(deps.diskSpace), signedIn, async (ctx) => {
    const { user } = ctx.state;
    // Someone else's property is a 404 whatever the body: nobody learns about it from a 400.
    const property = await staging.ownProperty(user, ctx.params.id ?? '');
    const request = stagePropertyRequestSchema.parse(ctx.request.body);
    const key = idempotencyKeyOf(ctx, IDEMPOTENCY_KEY_RULE);
    const { response, created } = await staging.stage(user, property, request, key);
    ctx.status = created ? 201 : 200;
    ctx.body = stagePropertyResponseSchema.parse(response);
  });

  return router;
}
