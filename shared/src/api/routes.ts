import { ACCOUNT_ROUTES } from './routes-account';
import { API_KEY_ROUTES } from './routes-api-keys';
import { WEBHOOK_ROUTES } from './routes-webhooks';
import { AUDIT_ROUTES } from './routes-audit';
import { BATCH_ROUTES } from './routes-batch';
import { PROFILE_ROUTES } from './routes-profile';
import { BILLING_SUPPORT_ROUTES } from './routes-billing';
import { EVENT_ROUTES } from './routes-events';
import { PROJECT_ROUTES } from './routes-projects';
import { PROPERTY_ROUTES } from './routes-properties';
import { PUSH_ROUTES } from './routes-push';
import { PROPERTY_STAGING_ROUTES } from './routes-property-staging';
import { SHARE_ROUTES } from './routes-shares';
import { VERSION_ROUTES } from './routes-versions';
import type { ApiRoute } from './route-types';

export type { ApiRoute, HttpMethod, RouteAuth, RouteRequest, RouteResponse } from './route-types';

/** Every route of the BFF with its schemas' own types: the BFF mounts its handlers from these entries. */
export const API_ROUTE_TABLE = [
  ...ACCOUNT_ROUTES,
  ...PROJECT_ROUTES,
  ...VERSION_ROUTES,
  ...BATCH_ROUTES,
  ...PROPERTY_STAGING_ROUTES,
  ...SHARE_ROUTES,
  ...PROPERTY_ROUTES,
  ...AUDIT_ROUTES,
  ...BILLING_SUPPORT_ROUTES,
  ...EVENT_ROUTES,
  ...PUSH_ROUTES,
  ...PROFILE_ROUTES,
  ...API_KEY_ROUTES,
  ...WEBHOOK_ROUTES,
] as const satisfies readonly ApiRoute[];

/** Every route of the BFF; /api/openapi.json is generated from this list. */
export const API_ROUTES: readonly ApiRoute[] = API_ROUTE_TABLE;

/** The registry entry for a method and an OpenAPI-style path, e.g. ('get', '/api/projects/{id}'). */
export function findApiRoute(method: ApiRoute['method'], path: string): ApiRoute | undefined {
  return API_ROUTES.find((r) => r.method === method && r.path === path);
}
