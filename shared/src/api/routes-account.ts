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
  registerAcceptedSchema,
  registerCheckResultSchema,
  registerCheckSchema,
  registerConfirmSchema,
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
    summary:
      'Liveness and readiness; with Authorization: Bearer HEALTH_TOKEN also the store, engine, model, version, free disk, link origin and models',
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
    summary:
      'Create an account with email and password: mails a link that finishes it (expires in 24 hours); the same answer, and no session, whether or not the address has an account (its owner is mailed instead)',
    tag: 'Auth',
    auth: 'none',
    request: { json: registerRequestSchema },
    responses: {
      202: { description: 'Accepted (a mail goes to the address)', schema: registerAcceptedSchema },
      ...invalidInput,
    },
  },
  {
    method: 'post',
    path: API_PATHS.authRegisterConfirm,
    summary:
      "Finish a sign-up with the token from its link and the password chosen on the link's page: confirms the address and signs in; works once, and only the newest link of an address works",
    tag: 'Auth',
    auth: 'optional',
    request: { json: registerConfirmSchema },
    responses: {
      200: { description: 'Address confirmed, signed in', schema: userSchema },
      ...invalidInput,
      400: errorResponse('Link expired, used, replaced or unknown (invalid_sign_up_link)'),
      409: errorResponse('Signed in to another account and switchAccount not set (signed_in_elsewhere)'),
    },
  },
  {
    method: 'post',
    path: API_PATHS.authRegisterCheck,
    summary: "What a sign-up link can still do, and the account it is for; the link's page asks first",
    tag: 'Auth',
    auth: 'none',
    request: { json: registerCheckSchema },
    responses: {
      200: { description: 'The link state', schema: registerCheckResultSchema },
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
      403: errorResponse('The right password, but the address is not confirmed yet (email_unconfirmed)'),
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
    scope: 'projects:read',
    responses: { 200: { description: 'Limits', schema: limitsSchema }, ...signedIn },
  },
] as const satisfies readonly ApiRoute[];
