import { API_PATHS } from './api-paths';
import { paymentRequiredSchema } from './common';
import { stagePropertyRequestSchema, stagePropertyResponseSchema } from './properties';
import { errorResponse, invalidInput, signedIn, type ApiRoute } from './route-types';

/** Staging a property's rooms in one look; each room's progress is read from its project. */
export const PROPERTY_STAGING_ROUTES = [
  {
    method: 'post',
    path: API_PATHS.propertyStage,
    summary:
      "Stage chosen rooms of a property in one style: one credit per room, reserved for the whole run; each room becomes a project (poll GET /api/projects/{id}/status); the first room's result is the style reference of the others when the AI engine takes one (optional Idempotency-Key header)",
    tag: 'Properties',
    auth: 'session',
    scope: 'staging',
    request: { json: stagePropertyRequestSchema },
    responses: {
      201: { description: 'Queued: the project of each room', schema: stagePropertyResponseSchema },
      200: { description: 'Same Idempotency-Key: the run made before', schema: stagePropertyResponseSchema },
      402: {
        description: 'Fewer credits left than rooms chosen: nothing was charged',
        schema: paymentRequiredSchema,
      },
      404: errorResponse('No such property, or not yours; or a chosen room is not in it'),
      409: errorResponse('A chosen room is still being staged (room_busy), or the Idempotency-Key is in use'),
      ...signedIn,
      ...invalidInput,
    },
  },
] as const satisfies readonly ApiRoute[];
