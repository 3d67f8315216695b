import { API_PATHS } from './api-paths';
import { projectEventSchema } from './events';
import { errorResponse, signedIn, type ApiRoute } from './route-types';

/** Server-sent events: what changes on the server reaches an open page without polling. */
export const EVENT_ROUTES = [
  {
    method: 'get',
    path: API_PATHS.events,
    summary:
      "A stream of the signed-in user's project status changes (`event: project`, JSON data); a comment every 25 s keeps it open",
    tag: 'Events',
    auth: 'session',
    scope: 'projects:read',
    responses: {
      200: {
        description: 'text/event-stream; each `project` event carries this data',
        schema: projectEventSchema,
        contentType: 'text/event-stream',
      },
      ...signedIn,
      429: errorResponse('Too many open streams for this account (Retry-After header)'),
    },
  },
] as const satisfies readonly ApiRoute[];
