import { API_PATHS } from './api-paths';
import { okSchema } from './common';
import {
  createWebhookRequestSchema,
  createdWebhookSchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookParamsSchema,
} from './webhooks';
import { errorResponse, invalidInput, signedIn, type ApiRoute } from './route-types';

const TAG = 'Webhooks';
const notFound = { 404: errorResponse('No such webhook or delivery, or not yours') };

/** Settings → API: https endpoints told of finished, failed and flagged stagings, signed (Standard Webhooks). */
export const WEBHOOK_ROUTES = [
  {
    method: 'get',
    path: API_PATHS.webhooks,
    summary: "The account's webhook endpoints",
    tag: TAG,
    auth: 'session',
    responses: { 200: { description: 'Endpoints', schema: webhookListSchema }, ...signedIn },
  },
  {
    method: 'post',
    path: API_PATHS.webhooks,
    summary:
      'Register a public https endpoint for some events; the answer holds its signing secret, shown once',
    tag: TAG,
    auth: 'session',
    request: { json: createWebhookRequestSchema },
    responses: {
      201: { description: 'Registered', schema: createdWebhookSchema },
      ...invalidInput,
      ...signedIn,
    },
  },
  {
    method: 'delete',
    path: API_PATHS.webhook,
    summary: 'Remove an endpoint and its deliveries',
    tag: TAG,
    auth: 'session',
    request: { params: webhookParamsSchema },
    responses: { 200: { description: 'Removed', schema: okSchema }, ...notFound, ...signedIn },
  },
  {
    method: 'get',
    path: API_PATHS.webhookDeliveries,
    summary: "An endpoint's recent deliveries, newest first, each with its last status",
    tag: TAG,
    auth: 'session',
    request: { params: webhookParamsSchema },
    responses: {
      200: { description: 'Deliveries', schema: webhookDeliveryListSchema },
      ...notFound,
      ...signedIn,
    },
  },
  {
    method: 'post',
    path: API_PATHS.webhookReplay,
    summary: 'Send a delivery again now (same id and body, a fresh timestamp and signature)',
    tag: TAG,
    auth: 'session',
    request: { params: webhookDeliveryParamsSchema },
    responses: {
      200: { description: 'Tried; its new status', schema: webhookDeliverySchema },
      ...notFound,
      ...signedIn,
    },
  },
] as const satisfies readonly ApiRoute[];
