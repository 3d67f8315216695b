import { API_PATHS } from './api-paths';
import { okSchema } from './common';
import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
} from './api-keys';
import { errorResponse, invalidInput, signedIn, type ApiRoute } from './route-types';

/** Settings → API: the account's keys for other systems. Managed only with the session, never with a key. */
export const API_KEY_ROUTES = [
  {
    method: 'get',
    path: API_PATHS.apiKeys,
    summary: "The account's API keys with their last use and calls this month (never the keys themselves)",
    tag: 'API keys',
    auth: 'session',
    responses: { 200: { description: 'Keys, newest first', schema: apiKeyListSchema }, ...signedIn },
  },
  {
    method: 'post',
    path: API_PATHS.apiKeys,
    summary: 'Create a key with a name and scopes; the answer holds the key, shown this once',
    tag: 'API keys',
    auth: 'session',
    request: { json: createApiKeyRequestSchema },
    responses: {
      201: { description: 'Created', schema: createdApiKeySchema },
      ...invalidInput,
      ...signedIn,
    },
  },
  {
    method: 'delete',
    path: API_PATHS.apiKey,
    summary: 'Revoke a key: requests with it get 401 from now on',
    tag: 'API keys',
    auth: 'session',
    request: { params: apiKeyParamsSchema },
    responses: {
      200: { description: 'Revoked', schema: okSchema },
      404: errorResponse('No such key, or not yours'),
      ...signedIn,
    },
  },
] as const satisfies readonly ApiRoute[];
