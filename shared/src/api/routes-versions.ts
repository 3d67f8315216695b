import { API_PATHS } from './api-paths';
import { okSchema, paymentRequiredSchema } from './common';
import {
  editRequestSchema,
  setCurrentVersionSchema,
  versionListSchema,
  versionImageQuerySchema,
  versionParamsSchema,
} from './versions';
import {
  errorResponse,
  imageResponse,
  invalidInput,
  projectNotFound,
  signedIn,
  type ApiRoute,
} from './route-types';

/** A project's versions: the original, the staging's result and every edit made from a result. */
export const VERSION_ROUTES = [
  {
    method: 'get',
    path: API_PATHS.projectVersions,
    summary: 'Every version of the project, oldest first (the original is version 0)',
    tag: 'Edits',
    auth: 'session',
    scope: 'projects:read',
    responses: {
      200: { description: 'Versions', schema: versionListSchema },
      ...signedIn,
      ...projectNotFound,
    },
  },
  {
    method: 'post',
    path: API_PATHS.projectEdits,
    summary:
      'A new version from the current one: a follow-up instruction (refine) or brush strokes of what should go (remove); one credit, Pro unlimited, returned on failure',
    tag: 'Edits',
    auth: 'session',
    scope: 'staging',
    request: { json: editRequestSchema },
    responses: {
      202: { description: 'Queued', schema: versionListSchema },
      402: { description: 'Free quota used up', schema: paymentRequiredSchema },
      409: errorResponse('No result yet, an edit is already being made, or the engine takes no edits'),
      422: errorResponse(
        'The edit does not suit the room (edit_unsuited), or its Idempotency-Key was sent with another edit (idempotency_key_reused)',
      ),
      ...invalidInput,
      ...signedIn,
      ...projectNotFound,
    },
  },
  {
    method: 'get',
    path: API_PATHS.projectVersionImage,
    summary: "One version's image (0: the original), or its 480 px thumbnail",
    tag: 'Edits',
    auth: 'session',
    scope: 'projects:read',
    request: { params: versionParamsSchema, query: versionImageQuerySchema },
    responses: { 200: imageResponse('The image'), ...signedIn, ...projectNotFound },
  },
  {
    method: 'patch',
    path: API_PATHS.projectVersion,
    summary: 'Make a result version the current one (what share pages, downloads and labels use)',
    tag: 'Edits',
    auth: 'session',
    scope: 'staging',
    request: { params: versionParamsSchema, json: setCurrentVersionSchema },
    responses: {
      200: { description: 'Versions', schema: versionListSchema },
      409: errorResponse('An edit is being made'),
      ...invalidInput,
      ...signedIn,
      ...projectNotFound,
    },
  },
  {
    method: 'delete',
    path: API_PATHS.projectVersion,
    summary: 'Delete a version that is not the current one (nor the original)',
    tag: 'Edits',
    auth: 'session',
    scope: 'staging',
    request: { params: versionParamsSchema },
    responses: {
      200: { description: 'Deleted', schema: okSchema },
      409: errorResponse('The current version or the original, or an edit is being made'),
      ...signedIn,
      ...projectNotFound,
    },
  },
] as const satisfies readonly ApiRoute[];
