import { API_PATHS } from './api-paths';
import { okSchema, paymentRequiredSchema } from './common';
import {
  addRoomFieldsSchema,
  createPropertyRequestSchema,
  deletePropertyResponseSchema,
  propertyListSchema,
  propertyRoomSchema,
  propertySchema,
  propertyShareImageParamsSchema,
  propertyShareLinkSchema,
  propertyShareStateSchema,
  publicPropertySchema,
  roomImageParamsSchema,
  updatePropertyRequestSchema,
  updateRoomRequestSchema,
  propertyDownloadQuerySchema,
} from './properties';
import {
  errorResponse,
  imageResponse,
  invalidInput,
  signedIn,
  uploadRefused,
  type ApiRoute,
} from './route-types';
import {
  deleteListingQuerySchema,
  handoverListSchema,
  publishedLinksSchema,
  shareParamsSchema,
} from './shares';

const propertyNotFound = { 404: errorResponse('No such property, or not yours') };
const roomNotFound = { 404: errorResponse('No such property or room, or not yours') };
const propertyShareNotFound = {
  404: errorResponse('No such property share: unknown, revoked, or the property was deleted'),
};
const rateLimited = { 429: errorResponse('Too many requests (Retry-After header)') };
const TAG = 'Properties';

/** Properties: a listing's rooms, photographed one by one, staged in one look and handed over together. */
export const PROPERTY_ROUTES = [
  {
    method: 'get',
    path: API_PATHS.properties,
    summary: "The user's properties, newest first",
    tag: TAG,
    auth: 'session',
    scope: 'properties',
    responses: { 200: { description: 'Properties', schema: propertyListSchema }, ...signedIn },
  },
  {
    method: 'post',
    path: API_PATHS.properties,
    summary: 'Create a property with a client-made id (a repeat of the same id answers that property)',
    tag: TAG,
    auth: 'session',
    scope: 'properties',
    request: { json: createPropertyRequestSchema },
    responses: {
      201: { description: 'Created', schema: propertySchema },
      200: { description: 'Already created with this id: the existing property', schema: propertySchema },
      402: {
        description: 'Free accounts keep a limited number of properties',
        schema: paymentRequiredSchema,
      },
      409: errorResponse('The id belongs to something else (id_taken)'),
      ...signedIn,
      ...invalidInput,
    },
  },
  {
    method: 'get',
    path: API_PATHS.property,
    summary: 'One property with its rooms in order, each with its latest staging',
    tag: TAG,
    auth: 'session',
    scope: 'properties',
    responses: { 200: { description: 'Property', schema: propertySchema }, ...signedIn, ...propertyNotFound },
  },
  {
    method: 'patch',
    path: API_PATHS.property,
    summary:
      'Rename, change the listing number or notes, or reorder the rooms (roomOrder lists every room once)',
    tag: TAG,
    auth: 'session',
    scope: 'properties',
    request: { json: updatePropertyRequestSchema },
    responses: {
      200: { description: 'Updated', schema: propertySchema },
      ...signedIn,
      ...propertyNotFound,
      ...invalidInput,
    },
  },
  {
    method: 'delete',
    path: API_PATHS.property,
    summary:
      'Delete a property with its rooms, their photos and stagings, and its share link; `?keep=archive` keeps a page with only the original at each short address printed on its photos',
    tag: TAG,
    auth: 'session',
    scope: 'properties',
    request: { query: deleteListingQuerySchema },
    responses: {
      200: { description: 'Deleted', schema: deletePropertyResponseSchema },
      ...signedIn,
      ...propertyNotFound,
    },
  },
  {
    method: 'get',
    path: API_PATHS.propertyPublishedLinks,
    summary: 'How many short addresses printed on downloaded photos deleting the property would break',
    tag: TAG,
    auth: 'session',
    scope: 'handover',
    responses: {
      200: { description: 'Live links', schema: publishedLinksSchema },
      ...signedIn,
      ...propertyNotFound,
    },
  },
  {
    method: 'get',
    path: API_PATHS.propertyHandovers,
    summary:
      "Every altered image of the property's rooms handed over: source hash, engine, prompt, check, rules, who and when",
    tag: TAG,
    auth: 'session',
    scope: 'handover',
    responses: {
      200: { description: 'Newest first', schema: handoverListSchema },
      ...signedIn,
      ...propertyNotFound,
    },
  },
  {
    method: 'post',
    path: API_PATHS.propertyRooms,
    summary:
      'Add a room photo (multipart `image` part + fields; idempotent on roomId); with propertyName, a missing property is created first',
    tag: TAG,
    auth: 'session',
    scope: 'properties',
    request: { multipart: addRoomFieldsSchema },
    responses: {
      201: { description: 'Added and analysed', schema: propertyRoomSchema },
      200: { description: 'Already added with this roomId: the existing room', schema: propertyRoomSchema },
      402: {
        description: 'The property had to be created, and free accounts keep a limited number',
        schema: paymentRequiredSchema,
      },
      409: errorResponse(
        'The property is full (property_full), the room id belongs to something else (id_taken), or Stagely-Account names another account (account_mismatch)',
      ),
      ...uploadRefused,
      ...signedIn,
      ...propertyNotFound,
      ...invalidInput,
    },
  },
  {
    method: 'patch',
    path: API_PATHS.propertyRoom,
    summary: "Correct a room's type",
    tag: TAG,
    auth: 'session',
    scope: 'properties',
    request: { json: updateRoomRequestSchema },
    responses: {
      200: { description: 'Updated', schema: propertyRoomSchema },
      ...signedIn,
      ...roomNotFound,
      ...invalidInput,
    },
  },
  {
    method: 'delete',
    path: API_PATHS.propertyRoom,
    summary: 'Delete a room, its photo and its stagings',
    tag: TAG,
    auth: 'session',
    scope: 'properties',
    responses: { 200: { description: 'Deleted', schema: okSchema }, ...signedIn, ...roomNotFound },
  },
  {
    method: 'get',
    path: API_PATHS.propertyRoomImage,
    summary: "A room's photo or its thumbnail (owner only)",
    tag: TAG,
    auth: 'session',
    scope: 'properties',
    request: { params: roomImageParamsSchema },
    responses: { 200: imageResponse('The image'), ...signedIn, ...roomNotFound },
  },
  {
    method: 'get',
    path: API_PATHS.propertyDownload,
    summary:
      "Every staged room in room order as the MLS's rules want it (clean or labelled, each original beside its altered photo or in originals/), captions.csv and disclosure.txt, as one streamed ZIP",
    tag: TAG,
    auth: 'session',
    scope: 'properties',
    request: { query: propertyDownloadQuerySchema },
    responses: {
      200: { description: 'The property as a ZIP attachment', contentType: 'application/zip' },
      409: errorResponse(
        'No room is staged yet (not_ready), or the property has no share link yet (not_shared)',
      ),
      ...signedIn,
      ...propertyNotFound,
    },
  },
  {
    method: 'get',
    path: API_PATHS.propertyShare,
    summary: "The property's buyer link, or null when it is not shared",
    tag: TAG,
    auth: 'session',
    scope: 'handover',
    responses: {
      200: { description: 'Share state', schema: propertyShareStateSchema },
      ...signedIn,
      ...propertyNotFound,
    },
  },
  {
    method: 'post',
    path: API_PATHS.propertyShare,
    summary: 'Create the buyer link of a property with a staged room (the existing one when already shared)',
    tag: TAG,
    auth: 'session',
    scope: 'handover',
    responses: {
      201: { description: 'Created', schema: propertyShareLinkSchema },
      200: { description: 'Already shared: the existing link', schema: propertyShareLinkSchema },
      409: errorResponse('No room of the property is staged yet'),
      ...signedIn,
      ...propertyNotFound,
    },
  },
  {
    method: 'delete',
    path: API_PATHS.propertyShare,
    summary: 'Revoke the buyer link: the page, its images and every QR code using it stop working at once',
    tag: TAG,
    auth: 'session',
    scope: 'handover',
    responses: { 200: { description: 'Revoked', schema: okSchema }, ...signedIn, ...propertyNotFound },
  },
  {
    method: 'get',
    path: API_PATHS.propertyShares,
    summary: 'The public view of a shared property: its staged rooms in order (no account needed; noindex)',
    tag: TAG,
    auth: 'none',
    request: { params: shareParamsSchema },
    responses: {
      200: { description: 'The shared property', schema: publicPropertySchema },
      ...propertyShareNotFound,
      ...rateLimited,
    },
  },
  {
    method: 'get',
    path: API_PATHS.propertyShareRoomImage,
    summary: 'The original or the staged image of a room of a shared property',
    tag: TAG,
    auth: 'none',
    request: { params: propertyShareImageParamsSchema },
    responses: { 200: imageResponse('The image'), ...propertyShareNotFound, ...rateLimited, ...invalidInput },
  },
] as const satisfies readonly ApiRoute[];
