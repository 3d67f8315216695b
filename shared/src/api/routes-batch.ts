import { API_PATHS } from './api-paths';
import { currentBatchSchema, saveBatchRequestSchema } from './batch';
import { invalidInput, signedIn, type ApiRoute } from './route-types';

/** The batch tab's current batch, kept on the server across reloads and devices. */
export const BATCH_ROUTES = [
  {
    method: 'get',
    path: API_PATHS.batch,
    summary: "The signed-in user's current batch: its projects in order (none after it was cleared)",
    tag: 'Projects',
    auth: 'session',
    scope: 'projects:read',
    responses: { 200: { description: 'The batch', schema: currentBatchSchema }, ...signedIn },
  },
  {
    method: 'put',
    path: API_PATHS.batch,
    summary: "Replace the current batch's list of projects (ids of the user's own projects; [] clears it)",
    tag: 'Projects',
    auth: 'session',
    scope: 'staging',
    request: { json: saveBatchRequestSchema },
    responses: {
      200: {
        description: 'The batch as stored (ids of no own project are left out)',
        schema: currentBatchSchema,
      },
      ...invalidInput,
      ...signedIn,
    },
  },
] as const satisfies readonly ApiRoute[];
