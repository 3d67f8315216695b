import { z } from 'zod';
import { createSubscriptionResponseSchema, billingPortalResponseSchema } from './billing';
import { apiErrorSchema, healthSchema, okSchema, paymentRequiredSchema } from './common';
import { contactMessageSchema } from './contact';
import { authProvidersSchema, loginRequestSchema, registerRequestSchema, userSchema } from './auth';
import {
  analyzeResponseSchema,
  createProjectFieldsSchema,
  demoStageFieldsSchema,
  demoStageResponseSchema,
  projectListSchema,
  projectSchema,
  projectStatusResponseSchema,
} from './projects';
import {
  deleteAccountRequestSchema,
  limitsSchema,
  preferencesSchema,
  preferencesUpdateSchema,
  publicConfigSchema,
} from './user';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';
export interface RouteResponse {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json when a schema is given. */
  contentType?: string;
}
export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI style, e.g. /api/projects/{id} */
  path: string;
  summary: string;
  tag: string;
  auth: 'none' | 'session' | 'optional' | 'signature';
  request?: { json?: z.ZodType; multipart?: z.ZodType; query?: z.ZodType; raw?: string };
  responses: Record<number, RouteResponse>;
}

const error = (description: string): RouteResponse => ({ description, schema: apiErrorSchema });
const common = { 400: error('Invalid input'), 429: error('Too many requests (Retry-After header)') };
const signedIn = { 401: error('Not signed in') };
const image = (description: string): RouteResponse => ({ description, contentType: 'image/*' });
const idParam = { 404: error('No such project, or not yours') };

/** Every route of the BFF; /api/openapi.json is generated from this list. */
export const API_ROUTES: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/health',
    summary: 'Liveness, store kind, engine kind, version',
    tag: 'System',
    auth: 'none',
    responses: {
      200: { description: 'Ready', schema: healthSchema },
      503: { description: 'Store unreachable', schema: healthSchema },
    },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This API description',
    tag: 'System',
    auth: 'none',
    responses: { 200: { description: 'OpenAPI 3.1 document' } },
  },
  {
    method: 'get',
    path: '/api/public-config',
    summary: 'Public settings: support e-mail, sign-in providers, payments',
    tag: 'System',
    auth: 'none',
    responses: { 200: { description: 'Public configuration', schema: publicConfigSchema } },
  },

  {
    method: 'post',
    path: '/api/auth/register',
    summary: 'Create an account with email and password; starts a session',
    tag: 'Auth',
    auth: 'none',
    request: { json: registerRequestSchema },
    responses: {
      201: { description: 'Signed in', schema: userSchema },
      409: error('Email already registered'),
      ...common,
    },
  },
  {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Sign in with email and password',
    tag: 'Auth',
    auth: 'none',
    request: { json: loginRequestSchema },
    responses: {
      200: { description: 'Signed in', schema: userSchema },
      401: error('Invalid email or password'),
      ...common,
    },
  },
  {
    method: 'get',
    path: '/api/auth/login',
    summary: 'Start OAuth sign-in with the first configured provider (or ?provider=)',
    tag: 'Auth',
    auth: 'none',
    responses: { 302: { description: 'Redirect to the provider' }, 400: error('Unknown provider') },
  },
  {
    method: 'get',
    path: '/api/auth/providers',
    summary: 'Configured sign-in providers',
    tag: 'Auth',
    auth: 'none',
    responses: { 200: { description: 'Providers', schema: authProvidersSchema } },
  },
  {
    method: 'get',
    path: '/api/auth/user',
    summary: 'The signed-in user',
    tag: 'Auth',
    auth: 'session',
    responses: { 200: { description: 'The user', schema: userSchema }, ...signedIn },
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    summary: 'End the session (destroyed server-side)',
    tag: 'Auth',
    auth: 'optional',
    responses: { 200: { description: 'Signed out', schema: okSchema } },
  },

  {
    method: 'get',
    path: '/api/user/preferences',
    summary: 'Notification preferences',
    tag: 'User',
    auth: 'session',
    responses: { 200: { description: 'Preferences', schema: preferencesSchema }, ...signedIn },
  },
  {
    method: 'put',
    path: '/api/user/preferences',
    summary: 'Replace one or both preference groups',
    tag: 'User',
    auth: 'session',
    request: { json: preferencesUpdateSchema },
    responses: { 200: { description: 'All preferences', schema: preferencesSchema }, ...signedIn, ...common },
  },
  {
    method: 'post',
    path: '/api/user/profile-image',
    summary: 'Upload a profile picture (multipart `image`, JPEG/PNG/WebP, 5 MB)',
    tag: 'User',
    auth: 'session',
    request: { multipart: z.object({}) },
    responses: {
      200: { description: 'Updated user', schema: userSchema },
      413: error('Over 5 MB'),
      415: error('Not JPEG, PNG or WebP'),
      ...signedIn,
      ...common,
    },
  },
  {
    method: 'get',
    path: '/api/user/profile-image/{id}',
    summary: 'A profile picture',
    tag: 'User',
    auth: 'session',
    responses: { 200: image('The picture'), 404: error('Not found') },
  },
  {
    method: 'delete',
    path: '/api/user/account',
    summary: "Delete the account and all its data (confirmationText 'DELETE MY ACCOUNT')",
    tag: 'User',
    auth: 'session',
    request: { json: deleteAccountRequestSchema },
    responses: { 200: { description: 'Deleted', schema: okSchema }, ...signedIn, ...common },
  },
  {
    method: 'get',
    path: '/api/user/limits',
    summary: 'Usage limits for this month',
    tag: 'User',
    auth: 'session',
    responses: { 200: { description: 'Limits', schema: limitsSchema }, ...signedIn },
  },

  {
    method: 'post',
    path: '/api/analyze',
    summary: 'Detect room type and style (multipart `image`)',
    tag: 'Staging',
    auth: 'none',
    request: { multipart: z.object({}) },
    responses: {
      200: { description: 'Analysis', schema: analyzeResponseSchema },
      413: error('Over 10 MB'),
      415: error('Not JPEG, PNG or WebP'),
      422: error('Unreadable image'),
      ...common,
    },
  },
  {
    method: 'post',
    path: '/api/demo/stage',
    summary: 'Anonymous demo staging (multipart `image` + fields); expires after 24 h',
    tag: 'Staging',
    auth: 'none',
    request: { multipart: demoStageFieldsSchema },
    responses: {
      201: { description: 'Queued', schema: demoStageResponseSchema },
      413: error('Over 10 MB'),
      415: error('Not JPEG, PNG or WebP'),
      ...common,
    },
  },
  {
    method: 'post',
    path: '/api/projects',
    summary: 'Create a staging project (multipart `image` + fields; optional Idempotency-Key header)',
    tag: 'Projects',
    auth: 'session',
    request: { multipart: createProjectFieldsSchema },
    responses: {
      201: { description: 'Created', schema: projectSchema },
      200: { description: 'Same Idempotency-Key: the existing project', schema: projectSchema },
      402: { description: 'Free quota used up', schema: paymentRequiredSchema },
      413: error('Over 10 MB'),
      415: error('Not JPEG, PNG or WebP'),
      ...signedIn,
      ...common,
    },
  },
  {
    method: 'get',
    path: '/api/projects',
    summary: "The user's projects, newest first",
    tag: 'Projects',
    auth: 'session',
    responses: { 200: { description: 'Projects', schema: projectListSchema }, ...signedIn },
  },
  {
    method: 'get',
    path: '/api/projects/{id}',
    summary: 'One project (demo projects by their unguessable id)',
    tag: 'Projects',
    auth: 'optional',
    responses: { 200: { description: 'Project', schema: projectSchema }, ...idParam },
  },
  {
    method: 'get',
    path: '/api/projects/{id}/status',
    summary: 'Status and progress (polled every 2 s)',
    tag: 'Projects',
    auth: 'optional',
    responses: { 200: { description: 'Status', schema: projectStatusResponseSchema }, ...idParam },
  },
  {
    method: 'get',
    path: '/api/projects/{id}/download',
    summary: 'The staged image as JPEG (?variant=N, ?size=4k for Pro)',
    tag: 'Projects',
    auth: 'optional',
    responses: { 200: image('staged-image-{id}.jpg'), 403: error('4K is a Pro feature'), ...idParam },
  },
  {
    method: 'get',
    path: '/api/projects/{id}/images/{kind}',
    summary: 'original | staged | thumb image (?variant=N)',
    tag: 'Projects',
    auth: 'optional',
    responses: { 200: image('The image'), ...idParam },
  },
  {
    method: 'delete',
    path: '/api/projects/{id}',
    summary: 'Delete a project and its images',
    tag: 'Projects',
    auth: 'session',
    responses: { 200: { description: 'Deleted', schema: okSchema }, ...signedIn, ...idParam },
  },

  {
    method: 'post',
    path: '/api/create-subscription',
    summary: 'Start a Pro subscription; returns the Payment Element client secret',
    tag: 'Billing',
    auth: 'session',
    responses: {
      200: { description: 'Client secret', schema: createSubscriptionResponseSchema },
      503: error('Payments are not configured'),
      ...signedIn,
    },
  },
  {
    method: 'post',
    path: '/api/billing/portal',
    summary: 'A Stripe customer-portal session URL',
    tag: 'Billing',
    auth: 'session',
    responses: {
      200: { description: 'Portal URL', schema: billingPortalResponseSchema },
      503: error('Payments are not configured'),
      ...signedIn,
    },
  },
  {
    method: 'post',
    path: '/api/stripe/webhook',
    summary: 'Stripe events (signature verified, processed once)',
    tag: 'Billing',
    auth: 'signature',
    request: { raw: 'application/json' },
    responses: { 200: { description: 'Received' }, 400: error('Bad signature') },
  },

  {
    method: 'post',
    path: '/api/contact',
    summary: 'Send a message to support',
    tag: 'Support',
    auth: 'none',
    request: { json: contactMessageSchema },
    responses: { 201: { description: 'Stored', schema: okSchema }, ...common },
  },
];
