import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { API_ROUTES, findApiRoute } from '@shared/api';
import {
  PROFILE_IMAGE_INVALID_TYPE,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  asSentence,
} from '@shared/domain';

export interface UploadRoute {
  /** The registry path (names the route). */
  path: string;
  /** Where to send an upload; each read may name a new record (a new property for a room photo). */
  readonly url: string;
  /** Valid text fields, so only the photo decides the answer; each read may carry new ids. */
  readonly fields: Record<string, string>;
  maxBytes: number;
  /** The sentences this route answers with when it refuses a photo. */
  messages: { tooLarge: string; unsupportedType: string };
  /** The registry's schema for the success answer. */
  accepted: z.ZodType;
  /** 201 for routes that create something. */
  acceptedStatus: number;
  /** The answer to a repeat of an accepted upload with the same fields and url (idempotent routes). */
  repeatStatus: number | null;
}

interface Settings {
  fields: Record<string, string>;
  maxBytes: number;
  messages: UploadRoute['messages'];
  url?: () => string;
  repeatStatus?: number;
}

const ROOM_PHOTO = { tooLarge: UPLOAD_MESSAGES.tooLarge, unsupportedType: UPLOAD_MESSAGES.unsupportedType };
const SETTINGS: Record<string, Settings> = {
  '/api/analyze': { fields: {}, maxBytes: UPLOAD_MAX_BYTES, messages: ROOM_PHOTO },
  '/api/demo/stage': {
    fields: { roomType: 'bedroom', stagingMode: 'stage', stylePreset: 'modern' },
    maxBytes: UPLOAD_MAX_BYTES,
    messages: ROOM_PHOTO,
  },
  '/api/projects': {
    fields: { stagingMode: 'stage', roomType: 'bedroom', stylePreset: 'modern' },
    maxBytes: UPLOAD_MAX_BYTES,
    messages: ROOM_PHOTO,
  },
  // A new property (created by its name) for every upload, so no test meets the rooms-per-property cap.
  '/api/properties/{id}/rooms': {
    get fields() {
      return { roomId: randomUUID(), roomType: 'kitchen', propertyName: '12 Harbor Rd' };
    },
    url: () => `/api/properties/${randomUUID()}/rooms`,
    maxBytes: UPLOAD_MAX_BYTES,
    messages: ROOM_PHOTO,
    repeatStatus: 200,
  },
  '/api/provenance': { fields: {}, maxBytes: UPLOAD_MAX_BYTES, messages: ROOM_PHOTO },
  '/api/user/profile-image': {
    fields: {},
    maxBytes: PROFILE_IMAGE_MAX_BYTES,
    messages: {
      tooLarge: asSentence(PROFILE_IMAGE_TOO_LARGE),
      unsupportedType: asSentence(PROFILE_IMAGE_INVALID_TYPE),
    },
  },
};

/**
 * Every route of the shared registry that takes a photo, with what a test needs to call it. A new upload
 * route fails here until it is described, so the bad-file and fuzz tests cannot silently skip it.
 */
export function uploadRoutes(): UploadRoute[] {
  return API_ROUTES.filter((r) => r.request?.multipart).map((r) => {
    const settings = SETTINGS[r.path];
    if (!settings) throw new Error(`describe the upload route ${r.path} in testing/upload-routes.ts`);
    const acceptedStatus = r.responses[201] ? 201 : 200;
    const accepted = findApiRoute(r.method, r.path)?.responses[acceptedStatus]?.schema;
    if (!accepted) throw new Error(`${r.path} has no success schema in the registry`);
    const url = settings.url ?? (() => r.path);
    return {
      path: r.path,
      get url() {
        return url();
      },
      get fields() {
        return settings.fields;
      },
      maxBytes: settings.maxBytes,
      messages: settings.messages,
      accepted,
      acceptedStatus,
      repeatStatus: settings.repeatStatus ?? null,
    };
  });
}

/** Every sentence an upload refusal may carry on `route` (anything else is a bug in the refusal). */
export function refusalSentences(route: UploadRoute): Set<string> {
  const { tooLarge: _roomTooLarge, unsupportedType: _roomType, ...rest } = UPLOAD_MESSAGES;
  return new Set([...Object.values(rest), route.messages.tooLarge, route.messages.unsupportedType]);
}
