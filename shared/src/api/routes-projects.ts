import { API_PATHS } from './api-paths';
import { z } from 'zod';
import { okSchema, paymentRequiredSchema } from './common';
import {
  analyzeResponseSchema,
  createProjectFieldsSchema,
  demoStageFieldsSchema,
  demoStageResponseSchema,
  downloadQuerySchema,
  projectImageParamsSchema,
  projectImageQuerySchema,
  projectListSchema,
  projectSchema,
  projectStatusSchema,
  renameProjectRequestSchema,
} from './projects';
import { EXPORT_SOURCE_EDGE_HEADER, EXPORT_SOURCE_HEADER, export4kPlanSchema } from './export-4k';
import { NEXT_CURSOR_HEADER, projectListQuerySchema } from './project-list';
import { deleteListingQuerySchema, handoverListSchema, publishedLinksSchema } from './shares';
import {
  errorResponse,
  imageResponse,
  invalidInput,
  projectNotFound,
  signedIn,
  uploadRefused,
  type ApiRoute,
} from './route-types';

/** Analysis, the demo and the user's staging projects. */
export const PROJECT_ROUTES = [
  {
    method: 'post',
    path: API_PATHS.analyze,
    summary: 'Detect room type and style (multipart `image` part)',
    tag: 'Staging',
    auth: 'optional',
    scope: 'staging',
    request: { multipart: z.object({}) },
    responses: {
      200: { description: 'Analysis', schema: analyzeResponseSchema },
      ...uploadRefused,
      ...invalidInput,
    },
  },
  {
    method: 'post',
    path: API_PATHS.demoStage,
    summary: 'Anonymous demo staging (multipart `image` part + fields); rate-limited, expires after 24 h',
    tag: 'Staging',
    auth: 'none',
    request: { multipart: demoStageFieldsSchema },
    responses: {
      201: { description: 'Queued', schema: demoStageResponseSchema },
      ...uploadRefused,
      ...invalidInput,
    },
  },
  {
    method: 'post',
    path: API_PATHS.projects,
    summary:
      'Create a staging project (multipart `image` part + fields; optional Idempotency-Key and Stagely-Account headers)',
    tag: 'Projects',
    auth: 'session',
    scope: 'staging',
    request: { multipart: createProjectFieldsSchema },
    responses: {
      201: { description: 'Created', schema: projectSchema },
      200: { description: 'Same Idempotency-Key: the existing project', schema: projectSchema },
      402: { description: 'Free quota used up', schema: paymentRequiredSchema },
      409: errorResponse(
        'Stagely-Account names another account than the session (account_mismatch), or the Idempotency-Key is in use',
      ),
      ...uploadRefused,
      ...signedIn,
      ...invalidInput,
    },
  },
  {
    method: 'get',
    path: API_PATHS.projects,
    summary: "One page of the user's projects, newest first (optionally only those whose name contains `q`)",
    tag: 'Projects',
    auth: 'session',
    scope: 'projects:read',
    request: { query: projectListQuerySchema },
    responses: {
      200: {
        description: 'Projects',
        schema: projectListSchema,
        headers: {
          [NEXT_CURSOR_HEADER]: 'Where the next page starts: pass it as `before`; absent on the last page',
        },
      },
      400: errorResponse('The page size, the position (`before`) or the search is not valid'),
      ...signedIn,
    },
  },
  {
    method: 'get',
    path: API_PATHS.project,
    summary: 'One project (demo projects by their unguessable id)',
    tag: 'Projects',
    auth: 'optional',
    scope: 'projects:read',
    responses: { 200: { description: 'Project', schema: projectSchema }, ...projectNotFound },
  },
  {
    method: 'get',
    path: API_PATHS.projectStatus,
    summary: 'Status and progress (polled every 2 s)',
    tag: 'Projects',
    auth: 'optional',
    scope: 'projects:read',
    responses: { 200: { description: 'Status', schema: projectStatusSchema }, ...projectNotFound },
  },
  {
    method: 'get',
    path: API_PATHS.projectDownload,
    summary:
      'The staged image as a JPEG attachment staged-image-{id}.jpg (listing-ready: staged-image-{id}-listing.jpg)',
    tag: 'Projects',
    auth: 'optional',
    scope: 'projects:read',
    request: { query: downloadQuerySchema },
    responses: {
      200: {
        description: 'staged-image-{id}.jpg',
        contentType: 'image/jpeg',
        headers: {
          [EXPORT_SOURCE_HEADER]:
            '4K only: native, upscaled or enlarged (enlarged also when the upscaler failed this time)',
          [EXPORT_SOURCE_EDGE_HEADER]: "4K only: the staged result's long edge in px",
        },
      },
      403: errorResponse('4K export is a Pro feature; listing-ready needs an account (not for demos)'),
      409: errorResponse(
        'The project has no staged image yet, or (listing-ready) no share link yet, or its result changed the room and its owner has not chosen Restage or Keep as concept (structure_undecided)',
      ),
      ...projectNotFound,
    },
  },
  {
    method: 'get',
    path: API_PATHS.projectExport4k,
    summary: "What the 4K download will be: the result's own pixels, AI-upscaled, or enlarged from N px",
    tag: 'Projects',
    auth: 'optional',
    scope: 'projects:read',
    responses: {
      200: { description: 'The 4K export plan', schema: export4kPlanSchema },
      409: errorResponse('The project has no staged image yet'),
      ...projectNotFound,
    },
  },
  {
    method: 'get',
    path: API_PATHS.projectImage,
    summary:
      "The original, staged or thumbnail image, or a staged image's change mask (a transparent PNG from the structure check) (owner only)",
    tag: 'Projects',
    auth: 'optional',
    scope: 'projects:read',
    request: { params: projectImageParamsSchema, query: projectImageQuerySchema },
    responses: { 200: imageResponse('The image'), ...projectNotFound },
  },
  {
    method: 'patch',
    path: API_PATHS.project,
    summary:
      'Rename a project (the name every list shows and the title of its buyer page) or correct its room type',
    tag: 'Projects',
    auth: 'session',
    scope: 'staging',
    request: { json: renameProjectRequestSchema },
    responses: {
      200: { description: 'Renamed', schema: projectSchema },
      ...invalidInput,
      ...signedIn,
      ...projectNotFound,
    },
  },
  {
    method: 'delete',
    path: API_PATHS.project,
    summary:
      'Delete a project and its images; `?keep=archive` keeps a page with only the original at each short address printed on its photos',
    tag: 'Projects',
    auth: 'session',
    scope: 'staging',
    request: { query: deleteListingQuerySchema },
    responses: { 200: { description: 'Deleted', schema: okSchema }, ...signedIn, ...projectNotFound },
  },
  {
    method: 'post',
    path: API_PATHS.projectConcept,
    summary:
      "Keep a result that failed the structure check as a design concept: every published copy says 'Design concept, not the property as it is'",
    tag: 'Projects',
    auth: 'session',
    scope: 'staging',
    responses: {
      200: { description: 'Kept as a concept', schema: projectSchema },
      409: errorResponse('No result of the project failed the structure check (not_flagged)'),
      ...signedIn,
      ...projectNotFound,
    },
  },
  {
    method: 'post',
    path: API_PATHS.projectRestage,
    summary:
      "Stage the project's photo again with its options: a new project, charged as any staging (a property's room stays that room: its new staging is strict from the start); an Idempotency-Key makes a retry answer the same project without a second charge",
    tag: 'Projects',
    auth: 'session',
    scope: 'staging',
    responses: {
      201: { description: 'The new project, queued', schema: projectSchema },
      402: { description: 'Free quota used up', schema: paymentRequiredSchema },
      409: errorResponse(
        'Not finished yet (not_ready), or the room is being staged again already (room_busy)',
      ),
      ...signedIn,
      ...projectNotFound,
    },
  },
  {
    method: 'get',
    path: API_PATHS.projectPublishedLinks,
    summary: 'How many short addresses printed on downloaded photos deleting the project would break',
    tag: 'Projects',
    auth: 'session',
    scope: 'handover',
    responses: {
      200: { description: 'Live links', schema: publishedLinksSchema },
      ...signedIn,
      ...projectNotFound,
    },
  },
  {
    method: 'get',
    path: API_PATHS.projectHandovers,
    summary:
      'Every altered image of the project handed over: source hash, engine, prompt, check, rules, who and when',
    tag: 'Projects',
    auth: 'session',
    scope: 'handover',
    responses: {
      200: { description: 'Newest first', schema: handoverListSchema },
      ...signedIn,
      ...projectNotFound,
    },
  },
] as const satisfies readonly ApiRoute[];
