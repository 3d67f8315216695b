import { API_PATHS } from './api-paths';
import { z } from 'zod';
import { healthSchema, okSchema } from './common';
import {
  authProvidersSchema,
  loginRequestSchema,
  oauthLoginQuerySchema,
  passwordResetAcceptedSchema,
  passwordResetCheckResultSchema,
  passwordResetCheckSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registerRequestSchema,
  userSchema,
} from './auth';
import {
  errorResponse,
  imageResponse,
  invalidInput,
  signedIn,
  uploadRefused,
  type ApiRoute,
} from './route-types';
import {
  deleteAccountRequestSchema,
  limitsSchema,
  preferencesSchema,
  preferencesUpdateSchema,
  publicConfigSchema,
} from './user';

/** System, sign-in and account routes. */
export const ACCOUNT_ROUTES = [
  {
    method: 'get',
    path: API_PATHS.health,
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
    path: API_PATHS.openapi,
    summary: 'This API description',
    tag: 'System',
    auth: 'none',
    responses: { 200: { description: 'OpenAPI 3.1 document', contentType: 'application/json' } },
  },
  {
    method: 'get',
    path: API_PATHS.publicConfig,
    summary: 'Public settings: support e-mail, sign-in providers, payments',
    tag: 'System',
    auth: 'none',
    responses: { 200: { description: 'Public configuration', schema: publicConfigSchema } },
  },

  {
    method: 'post',
    path: API_PATHS.authRegister,
    summary: 'Create an account with email and password; starts a session',
    tag: 'Auth',
    auth: 'none',
    request: { json: registerRequestSchema },
    responses: {
      201: { description: 'Signed in', schema: userSchema },
      409: errorResponse('Email already registered'),
      ...invalidInput,
    },
  },
  {
    method: 'post',
    path: API_PATHS.authLogin,
    summary: 'Sign in with email and password',
    tag: 'Auth',
    auth: 'none',
    request: { json: loginRequestSchema },
    responses: {
      200: { description: 'Signed in', schema: userSchema },
      401: errorResponse('Invalid email or password'),
      ...invalidInput,
    },
  },
  {
    method: 'post',
    path: API_PATHS.passwordReset,
    summary:
      'Mail a single-use link to choose a new password (expires in 1 hour); the same answer whether or not the address has an account',
    tag: 'Auth',
    auth: 'none',
    request: { json: passwordResetRequestSchema },
    responses: {
      202: {
        description: 'Accepted (a link is mailed if the address has an account)',
        schema: passwordResetAcceptedSchema,
      },
      ...invalidInput,
    },
  },
  {
    method: 'post',
    path: API_PATHS.passwordResetConfirm,
    summary:
      'Set a new password with the token from the link; ends every session of the account and signs in',
    tag: 'Auth',
    auth: 'none',
    request: { json: passwordResetConfirmSchema },
    responses: {
      200: { description: 'Password changed, signed in', schema: userSchema },
      ...invalidInput,
      400: errorResponse('Link expired, used or unknown (invalid_reset_link), or a weak password'),
    },
  },
  {
    method: 'post',
    path: API_PATHS.passwordResetCheck,
    summary:
      'Whether a reset link still works, so its page can say at once that it was used or expired; changes nothing',
    tag: 'Auth',
    auth: 'none',
    request: { json: passwordResetCheckSchema },
    responses: {
      200: { description: 'Whether the link works', schema: passwordResetCheckResultSchema },
      ...invalidInput,
    },
  },
  {
    method: 'get',
    path: API_PATHS.authLogin,
    summary: 'Start OAuth sign-in with the first configured provider (or ?provider=)',
    tag: 'Auth',
    auth: 'none',
    request: { query: oauthLoginQuerySchema },
    responses: {
      302: { description: 'Redirect to the provider, or to /?signin=email when none is configured' },
      400: errorResponse('Unknown provider'),
    },
  },
  {
    method: 'get',
    path: API_PATHS.authConnect,
    summary: "The provider's authorization redirect (grant)",
    tag: 'Auth',
    auth: 'none',
    responses: { 302: { description: "Redirect to the provider's consent page" } },
  },
  {
    method: 'get',
    path: API_PATHS.authCallback,
    summary: 'OAuth return: signs the user in and goes back to the app',
    tag: 'Auth',
    auth: 'none',
    responses: { 302: { description: 'Redirect into the app (with an error hint on failure)' } },
  },
  {
    method: 'get',
    path: API_PATHS.authProviders,
    summary: 'Configured sign-in providers',
    tag: 'Auth',
    auth: 'none',
    responses: { 200: { description: 'Providers', schema: authProvidersSchema } },
  },
  {
    method: 'get',
    path: API_PATHS.authUser,
    summary: 'The signed-in user',
    tag: 'Auth',
    auth: 'session',
    responses: { 200: { description: 'The user', schema: userSchema }, ...signedIn },
  },
  {
    method: 'post',
    path: API_PATHS.authLogout,
    summary: 'End the session (destroyed server-side)',
    tag: 'Auth',
    auth: 'optional',
    responses: { 200: { description: 'Signed out', schema: okSchema } },
  },

  {
    method: 'get',
    path: API_PATHS.userPreferences,
    summary: 'Notification preferences',
    tag: 'User',
    auth: 'session',
    responses: { 200: { description: 'Preferences', schema: preferencesSchema }, ...signedIn },
  },
  {
    method: 'put',
    path: API_PATHS.userPreferences,
    summary: 'Replace one or both preference groups',
    tag: 'User',
    auth: 'session',
    request: { json: preferencesUpdateSchema },
    responses: {
      200: { description: 'All preferences', schema: preferencesSchema },
      ...signedIn,
      ...invalidInput,
    },
  },
  {
    method: 'post',
    path: API_PATHS.userProfileImage,
    summary: 'Upload a profile picture (multipart `image` part: JPEG, PNG or WebP, at most 5 MB)',
    tag: 'User',
    auth: 'session',
    request: { multipart: z.object({}) },
    responses: {
      200: { description: 'Updated user', schema: userSchema },
      ...uploadRefused,
      ...signedIn,
      ...invalidInput,
    },
  },
  {
    method: 'get',
    path: API_PATHS.userProfileImageById,
    summary: 'A profile picture',
    tag: 'User',
    auth: 'session',
    responses: { 200: imageResponse('The picture'), 404: errorResponse('Not found') },
  },
  {
    method: 'delete',
    path: API_PATHS.userAccount,
    summary: "Delete the account and all its data (confirmationText 'DELETE MY ACCOUNT')",
    tag: 'User',
    auth: 'session',
    request: { json: deleteAccountRequestSchema },
    responses: { 200: { description: 'Deleted', schema: okSchema }, ...signedIn, ...invalidInput },
  },
  {
    method: 'get',
    path: API_PATHS.userLimits,
    summary: 'Usage limits for this calendar month (UTC)',
    tag: 'User',
    auth: 'session',
    responses: { 200: { description: 'Limits', schema: limitsSchema }, ...signedIn },
  },
] as const satisfies readonly ApiRoute[];
