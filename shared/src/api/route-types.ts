import type { z } from 'zod';
import { MIN_PHOTO_SHORT_EDGE } from '../domain/limits';
import { apiErrorSchema } from './common';
import type { ApiPathTemplate } from './api-paths';
import type { ApiScope } from './api-keys';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type RouteAuth = 'none' | 'session' | 'optional';

export interface RouteResponse {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json when a schema is given. */
  contentType?: string;
  /** Response headers that carry part of the answer, by name: what each one means. */
  headers?: Record<string, string>;
}

export interface RouteRequest {
  json?: z.ZodType;
  /** The text fields of a multipart body; the photo is always the `image` file part. */
  multipart?: z.ZodType;
  query?: z.ZodObject;
  /** Types for the `{name}` segments of the path; unlisted ones are plain strings. */
  params?: z.ZodObject;
  /** A body read as raw bytes of this content type (the Stripe webhook needs them for the signature). */
  raw?: string;
}

export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI style, e.g. /api/projects/{id}; one of API_PATHS. */
  path: ApiPathTemplate;
  summary: string;
  tag: string;
  auth: RouteAuth;
  /** The API-key scope that opens this route to `Authorization: Bearer`; without one, keys are refused (403). */
  scope?: ApiScope;
  request?: RouteRequest;
  responses: Record<number, RouteResponse>;
}

export const errorResponse = (description: string): RouteResponse => ({
  description,
  schema: apiErrorSchema,
});
export const imageResponse = (description: string): RouteResponse => ({
  description,
  contentType: 'image/*',
});
export const invalidInput = {
  400: errorResponse('Invalid input'),
  429: errorResponse('Too many requests (Retry-After header)'),
};
export const signedIn = { 401: errorResponse('Not signed in (or the API key is unknown or revoked)') };
export const projectNotFound = { 404: errorResponse('No such project, or not yours') };
export const uploadRefused = {
  413: errorResponse('Over the size limit'),
  415: errorResponse('Not a JPEG, PNG or WebP image (checked by content)'),
  422: errorResponse(
    `Unreadable, corrupt or too many pixels; a room photo also under ${MIN_PHOTO_SHORT_EDGE} px on its shorter side (image_too_small)`,
  ),
};
