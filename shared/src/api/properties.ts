import { z } from 'zod';
import { publicAgentSchema } from './agent-profile';
import { cleanDisplayText } from '../domain/display-text';
import { CUSTOM_PROMPT_MAX } from '../domain/limits';
import { mlsProfileIdSchema } from '../domain/mls-profiles';
import {
  LISTING_NUMBER_MAX,
  PROPERTY_NAME_MAX,
  PROPERTY_NOTES_MAX,
  PROPERTY_ROOMS_MAX,
} from '../domain/properties';
import { colorPaletteSchema, engineKindSchema, roomTypeSchema, stylePresetSchema } from '../domain/staging';
import { projectStatusEnumSchema } from '../domain/status';
import { okSchema, optionalName, optionalText } from './common';
import { projectSchema, structureCheckSchema } from './projects';
import { shareImageKindSchema, shareTokenSchema } from './shares';

/** Made by the client, so a property or room created offline keeps its id when it reaches the server. */
export const clientIdSchema = z.uuid({ message: 'The id must be a UUID.' });

const propertyName = z
  .string()
  .transform(cleanDisplayText)
  .pipe(
    z
      .string()
      .min(1, { message: 'Please give the property a name or an address.' })
      .max(PROPERTY_NAME_MAX, { message: `The name can be at most ${PROPERTY_NAME_MAX} characters.` }),
  );

/** `POST /api/properties`: idempotent on `id` (a retried create answers the same property). */
export const createPropertyRequestSchema = z.object({
  id: clientIdSchema,
  name: propertyName,
  listingNumber: optionalName(LISTING_NUMBER_MAX),
  notes: optionalText(PROPERTY_NOTES_MAX),
});
export type CreatePropertyRequest = z.infer<typeof createPropertyRequestSchema>;

/** `PATCH /api/properties/{id}`: any of the fields; `roomOrder` lists every room id once, in order. */
export const updatePropertyRequestSchema = z.object({
  name: propertyName.optional(),
  listingNumber: z.string().max(LISTING_NUMBER_MAX).nullable().optional(),
  notes: z.string().max(PROPERTY_NOTES_MAX).nullable().optional(),
  roomOrder: z.array(clientIdSchema).max(PROPERTY_ROOMS_MAX).optional(),
  mlsProfile: mlsProfileIdSchema.nullable().optional(),
});
export type UpdatePropertyRequest = z.infer<typeof updatePropertyRequestSchema>;

/** The staging of a room as the property screen shows it (its latest project). */
export const roomProjectSchema = z.object({
  id: z.string(),
  name: z
    .string()
    .describe("The staging's project name, as the projects list shows it; renamed like any project"),
  status: projectStatusEnumSchema,
  progress: z.string().describe('A numeric string, 0 to 100'),
  stagedImageUrl: z.string().nullable(),
  error: z.string().nullable(),
  stylePreset: stylePresetSchema.nullable(),
  colorPalette: colorPaletteSchema.nullable(),
  engine: engineKindSchema,
  concept: z.boolean().describe('Kept as a design concept although its room changed'),
  structure: z
    .array(structureCheckSchema)
    .optional()
    .describe("The structure check of the room's staged image, as on the project; absent until done"),
  creditReturned: projectSchema.shape.creditReturned,
  freeRestage: projectSchema.shape.freeRestage,
});
export type RoomProject = z.infer<typeof roomProjectSchema>;

export const propertyRoomSchema = z.object({
  id: z.string(),
  /** 1-based, in the property's room order. */
  position: z.number().int().min(1),
  roomType: roomTypeSchema,
  detected: z
    .object({
      roomType: roomTypeSchema,
      confident: z.boolean(),
      style: stylePresetSchema.nullable().describe('The style the photo looks like; null when not known'),
    })
    .nullable()
    .describe('What the analysis of this photo said; null when it could not run'),
  originalImageUrl: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  project: roomProjectSchema.nullable(),
  createdAt: z.string().describe('ISO 8601'),
});
export type PropertyRoom = z.infer<typeof propertyRoomSchema>;

export const propertySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  listingNumber: z.string().nullable(),
  notes: z.string().nullable(),
  mlsProfile: mlsProfileIdSchema
    .nullable()
    .describe("The MLS this property's downloads follow; null: the owner's choice in Settings"),
  roomCount: z.number().int().min(0),
  coverThumbnailUrl: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
});
export type PropertySummary = z.infer<typeof propertySummarySchema>;
export const propertyListSchema = z.array(propertySummarySchema);

export const propertySchema = propertySummarySchema.extend({ rooms: z.array(propertyRoomSchema) });
export type Property = z.infer<typeof propertySchema>;

/**
 * `POST /api/properties/{id}/rooms` (multipart, the photo is `image`). Idempotent on `roomId`. The
 * property's name comes along, so a photo queued offline creates its property if that create was lost.
 */
export const addRoomFieldsSchema = z.object({
  roomId: clientIdSchema,
  roomType: z.preprocess((v) => (v === '' ? undefined : v), roomTypeSchema.optional()),
  propertyName: propertyName.optional(),
});
export type AddRoomFields = z.infer<typeof addRoomFieldsSchema>;

export const updateRoomRequestSchema = z.object({ roomType: roomTypeSchema });
export type UpdateRoomRequest = z.infer<typeof updateRoomRequestSchema>;

/** `POST /api/properties/{id}/stage`: one look for the chosen rooms, each with its own room type. */
export const stagePropertyRequestSchema = z.object({
  roomIds: z.array(clientIdSchema).min(1).max(PROPERTY_ROOMS_MAX),
  stylePreset: stylePresetSchema,
  colorPalette: colorPaletteSchema.optional(),
  customPrompt: optionalText(CUSTOM_PROMPT_MAX),
});
export type StagePropertyRequest = z.infer<typeof stagePropertyRequestSchema>;
export const stagePropertyResponseSchema = z.object({
  rooms: z.array(z.object({ roomId: z.string(), projectId: z.string() })),
});
export type StagePropertyResponse = z.infer<typeof stagePropertyResponseSchema>;

/** The owner's buyer link of a property. */
export const propertyShareLinkSchema = z.object({
  token: shareTokenSchema,
  url: z.string().describe('The public page with every room, absolute'),
});
export type PropertyShareLink = z.infer<typeof propertyShareLinkSchema>;
export const propertyShareStateSchema = z.object({ link: propertyShareLinkSchema.nullable() });

/** What a buyer with the link sees: the staged rooms in order, nothing about the owner. */
export const publicPropertySchema = z.object({
  name: z.string(),
  agent: publicAgentSchema,
  listingNumber: z.string().nullable(),
  rooms: z.array(
    z.object({
      id: z.string().describe("The room's id, as in the QR code of its listing photo"),
      position: z.number().int().min(1),
      roomType: roomTypeSchema,
      name: z.string().nullable().describe("The agent's name for the room, when renamed"),
      engine: engineKindSchema,
      concept: z.boolean().describe('A design concept, not the property as it is: labelled as one'),
      originalImageUrl: z.string(),
      stagedImageUrl: z.string(),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
    }),
  ),
});
export type PublicProperty = z.infer<typeof publicPropertySchema>;

/** `DELETE /api/properties/{id}`: what went with it. */
export const deletePropertyResponseSchema = okSchema.extend({
  rooms: z.number().int().min(0).describe('Rooms (photos) deleted'),
  stagings: z.number().int().min(0).describe('Staging projects made from those rooms, deleted too'),
});
export type DeletePropertyResponse = z.infer<typeof deletePropertyResponseSchema>;

export const roomImageKindSchema = z.enum(['original', 'thumb']);
export const roomImageParamsSchema = z.object({
  id: z.string(),
  roomId: z.string(),
  kind: roomImageKindSchema,
});

/** A room of a shared property by its id. */
export const propertyShareImageParamsSchema = z.object({
  token: z.string(),
  roomId: clientIdSchema,
  kind: shareImageKindSchema,
});

/** `GET /api/properties/{id}/download`: the MLS whose rules this one download follows, instead of the property's. */
export const propertyDownloadQuerySchema = z.object({
  mls: z.preprocess((v) => (v === '' ? undefined : v), mlsProfileIdSchema.optional()),
});
