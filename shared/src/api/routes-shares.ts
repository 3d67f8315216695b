import { API_PATHS } from './api-paths';
import { okSchema } from './common';
import { z } from 'zod';
import {
  errorResponse,
  imageResponse,
  invalidInput,
  projectNotFound,
  signedIn,
  uploadRefused,
  type ApiRoute,
} from './route-types';
import { projectImageQuerySchema } from './projects';
import {
  originalParamsSchema,
  originalViewSchema,
  provenanceCheckSchema,
  publicShareSchema,
  shareImageParamsSchema,
  shareLinkSchema,
  shareParamsSchema,
  shareStateSchema,
} from './shares';

const shareNotFound = { 404: errorResponse('No such share: unknown, revoked, or its project was deleted') };
const rateLimited = { 429: errorResponse('Too many requests (Retry-After header)') };

/** Share links: the owner creates and revokes them; anyone with the token sees the read-only page. */
export const SHARE_ROUTES = [
  {
    method: 'get',
    path: API_PATHS.projectShare,
    summary: "The project's share link, or null when it is not shared (owner only)",
    tag: 'Sharing',
    auth: 'session',
    scope: 'handover',
    responses: {
      200: { description: 'Share state', schema: shareStateSchema },
      ...signedIn,
      ...projectNotFound,
    },
  },
  {
    method: 'post',
    path: API_PATHS.projectShare,
    summary: 'Create the share link of a completed project (the existing one when already shared)',
    tag: 'Sharing',
    auth: 'session',
    scope: 'handover',
    responses: {
      201: { description: 'Created', schema: shareLinkSchema },
      200: { description: 'Already shared: the existing link', schema: shareLinkSchema },
      409: errorResponse('The project has no staged image yet'),
      ...signedIn,
      ...projectNotFound,
    },
  },
  {
    method: 'delete',
    path: API_PATHS.projectShare,
    summary: 'Revoke the share link: the token stops working at once (a new share gets a new token)',
    tag: 'Sharing',
    auth: 'session',
    scope: 'handover',
    responses: { 200: { description: 'Revoked', schema: okSchema }, ...signedIn, ...projectNotFound },
  },
  {
    method: 'get',
    path: API_PATHS.shares,
    summary: 'The public, read-only view of a shared project (no account needed; noindex)',
    tag: 'Sharing',
    auth: 'none',
    request: { params: shareParamsSchema },
    responses: {
      200: { description: 'The shared project', schema: publicShareSchema },
      ...shareNotFound,
      ...rateLimited,
    },
  },
  {
    method: 'get',
    path: API_PATHS.shareImage,
    summary: 'The original or a staged image of a shared project (`?variant=N` for multi-view)',
    tag: 'Sharing',
    auth: 'none',
    request: { params: shareImageParamsSchema, query: projectImageQuerySchema },
    responses: { 200: imageResponse('The image'), ...shareNotFound, ...rateLimited },
  },
  {
    method: 'get',
    path: API_PATHS.original,
    summary:
      "The unaltered original a labelled photo's QR code and short address /o/{code} lead to (noindex)",
    tag: 'Sharing',
    auth: 'none',
    request: { params: originalParamsSchema },
    responses: {
      200: { description: 'The original, live or kept as an archive', schema: originalViewSchema },
      404: errorResponse('Unknown code, revoked share, or a listing deleted without an archive'),
      ...rateLimited,
    },
  },
  {
    method: 'get',
    path: API_PATHS.originalImage,
    summary: 'The unaltered original photo itself',
    tag: 'Sharing',
    auth: 'none',
    request: { params: originalParamsSchema },
    responses: { 200: imageResponse('The original photo'), ...shareNotFound, ...rateLimited },
  },
  {
    method: 'post',
    path: API_PATHS.provenanceCheck,
    summary:
      'Where a photo came from: its C2PA manifest and our watermark, read back (multipart `image` part: JPEG, PNG or WebP)',
    tag: 'Sharing',
    auth: 'none',
    request: { multipart: z.object({}) },
    responses: {
      200: { description: 'What the photo carries', schema: provenanceCheckSchema },
      ...uploadRefused,
      ...invalidInput,
    },
  },
] as const satisfies readonly ApiRoute[];
