import { z } from 'zod';
import type { ApiErrorCode } from './error-codes';
import { BATCH_MAX, CUSTOM_PROMPT_MAX, MULTI_VIEW_VARIANTS } from '../domain/limits';
import {
  colorPaletteSchema,
  engineKindSchema,
  roomTypeSchema,
  stagingModeSchema,
  stylePresetSchema,
} from '../domain/staging';
import { mlsProfileIdSchema } from '../domain/mls-profiles';
import { downloadFormatSchema } from '../domain/settings';
import { projectStatusEnumSchema } from '../domain/status';
import { optionalName, optionalText } from './common';
import { cleanDisplayText } from '../domain/display-text';

export { engineKindSchema, type EngineKind } from '../domain/staging';

export const structureRegionSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().min(0).max(1),
  height: z.number().min(0).max(1),
});

/** What the structure check found in one staged image. */
export const structureCheckSchema = z.object({
  score: z.number().min(0).max(1).describe('1 = the room is unchanged; below the pass score it is flagged'),
  flagged: z.boolean().describe("True when the room's structure (walls, windows, doors) may have changed"),
  regions: z
    .array(structureRegionSchema)
    .describe('Where it changed, relative to the image (0..1 from the top left)'),
  changesUrl: z.string().describe('A transparent PNG marking where the pixels changed, for an overlay'),
  changes: z
    .array(z.string())
    .default([])
    .describe(
      "What still differs from the photo, one sentence each ('The window on the left was covered or filled in.')",
    ),
  restored: z
    .array(z.string())
    .default([])
    .describe("What a repair put back from the photo ('the window on the left')"),
  opinion: z
    .string()
    .nullable()
    .default(null)
    .describe(
      "What the configured vision model said of this result (asked of every result): its 'changed' flags the result, its 'kept' clears only a change the local check was unsure of",
    ),
});
export type StructureCheckResult = z.infer<typeof structureCheckSchema>;

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: projectStatusEnumSchema,
  progress: z
    .string()
    .regex(/^\d{1,3}$/)
    .describe('A numeric string, 0 to 100'),
  error: z.string().nullable(),
  stagingMode: stagingModeSchema,
  roomType: roomTypeSchema,
  stylePreset: stylePresetSchema.nullable(),
  colorPalette: colorPaletteSchema.nullable(),
  customPrompt: z.string().nullable(),
  originalImageUrl: z.string(),
  thumbnailUrl: z.string(),
  stagedImageUrl: z.string().nullable(),
  variants: z
    .array(z.string())
    .describe('Staged image URLs: one per multi-view variant, [stagedImageUrl] otherwise, [] until done'),
  draft: z
    .array(z.string())
    .default([])
    .describe(
      "While staging: the first look's image URLs (one per result, marked 'Draft', never listing-ready), until the final replaces them; [] otherwise",
    ),
  engine: engineKindSchema.describe('What made the result: an AI provider, or the local preview engine'),
  structure: z
    .array(structureCheckSchema)
    .describe('One per staged image, in the order of `variants`; [] until done (and for older results)'),
  structureWarning: z
    .string()
    .nullable()
    .describe('Set when a staged image failed the structure check: the sentence to show with it'),
  concept: z
    .boolean()
    .describe(
      'A design concept, published with that label: a free restyle, or a result that failed the structure check its owner kept',
    ),
  freeRestyle: z
    .boolean()
    .default(false)
    .describe('Staged as a free restyle (no structure lock): a design concept from the start'),
  creditReturned: z
    .boolean()
    .default(false)
    .describe(
      'Every result failed the structure check, so its credit came back (until it is kept as a concept)',
    ),
  freeRestage: z.boolean().default(false).describe('Its credit came back and its one Restage is still free'),
  isDemo: z.boolean(),
  metadata: z.object({ error: z.string().optional() }),
  createdAt: z.string().describe('ISO 8601'),
});
export type Project = z.infer<typeof projectSchema>;
export const projectListSchema = z.array(projectSchema);

/** The answer of `GET /api/projects/{id}/status`. */
export const projectStatusSchema = z.object({
  status: projectStatusEnumSchema,
  progress: z.string().describe('A numeric string, 0 to 100'),
  stagedImageUrl: z.string().nullable(),
  error: z.string().nullable(),
  draft: z
    .array(z.string())
    .default([])
    .describe("While staging: the first look's image URLs (marked 'Draft'); [] otherwise"),
});
/** The same schema under the name the first BFF code used. */
export const projectStatusResponseSchema = projectStatusSchema;
export type ProjectStatusResponse = z.infer<typeof projectStatusSchema>;

/** The text fields of `POST /api/projects` (multipart; the photo is the `image` part). */
export const createProjectFieldsSchema = z
  .object({
    name: optionalName(120),
    stagingMode: stagingModeSchema,
    roomType: roomTypeSchema,
    stylePreset: z.preprocess((v) => (v === '' ? undefined : v), stylePresetSchema.optional()),
    colorPalette: z.preprocess((v) => (v === '' ? undefined : v), colorPaletteSchema.optional()),
    customPrompt: optionalText(CUSTOM_PROMPT_MAX),
    freeRestyle: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => (v === 'true' ? true : undefined))
      .describe(
        "A free restyle: staged without the structure lock, so the room itself may change; the result is a design concept, labelled 'Design concept, not the property as it is' wherever it is published",
      ),
    batchId: z
      .preprocess((v) => (v === '' ? undefined : v), z.uuid().optional())
      .describe('The run of the batch this photo belongs to: its photos get one summary mail'),
    batchSize: z
      .preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(BATCH_MAX).optional())
      .describe('How many photos that run sends'),
  })
  // Style and palette mean nothing when furniture is removed.
  .transform((f) =>
    f.stagingMode === 'unstage' ? { ...f, stylePreset: undefined, colorPalette: undefined } : f,
  );
export type CreateProjectFields = z.infer<typeof createProjectFieldsSchema>;

/**
 * Optional header of `POST /api/projects`: the id of the account a queued photo was taken for. A session
 * of another account answers 409 `account_mismatch` instead of creating the project in the wrong account.
 */
export const UPLOAD_ACCOUNT_HEADER = 'Stagely-Account';
export const ACCOUNT_MISMATCH_CODE = 'account_mismatch' satisfies ApiErrorCode;

export const demoStageFieldsSchema = z.object({
  roomType: roomTypeSchema,
  stagingMode: z.literal('stage').default('stage'),
  stylePreset: z.preprocess((v) => (v === '' ? undefined : v), stylePresetSchema.default('modern')),
});
export type DemoStageFields = z.infer<typeof demoStageFieldsSchema>;
export const demoStageResponseSchema = z.object({
  id: z.string(),
  originalImageUrl: z.string(),
  engine: engineKindSchema.describe('What stages the room: an AI provider, or the local preview engine'),
});
export type DemoStageResponse = z.infer<typeof demoStageResponseSchema>;

export const analyzeResponseSchema = z.object({
  roomType: roomTypeSchema,
  style: stylePresetSchema,
  confident: z
    .boolean()
    .describe(
      'True only when the engine is sure of the room type; an unsure answer must not replace the room type the user chose',
    ),
  engine: engineKindSchema.describe('What analysed the photo (the preview engine is never sure)'),
});
export type AnalyzeResponse = z.infer<typeof analyzeResponseSchema>;

export const imageKindSchema = z.enum(['original', 'staged', 'thumb', 'changes', 'draft']);
export type ImageKind = z.infer<typeof imageKindSchema>;
export const projectImageParamsSchema = z.object({ id: z.string(), kind: imageKindSchema });

// Query strings arrive as strings; an empty value means "not given".
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const variantIndex = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number()
    .int()
    .min(0)
    .max(MULTI_VIEW_VARIANTS - 1)
    .optional()
    .describe('Which multi-view variant, from 0'),
);

/** `?variant=N` of `GET /api/projects/{id}/images/{kind}`. */
export const projectImageQuerySchema = z.object({ variant: variantIndex });
/** `?variant=N&size=4k&format=listing` of `GET /api/projects/{id}/download`; 4K is a Pro export. */
export const downloadQuerySchema = z.object({
  variant: variantIndex,
  size: z.preprocess(emptyToUndefined, z.literal('4k').optional().describe('Long edge 3840 px (Pro)')),
  format: z.preprocess(
    emptyToUndefined,
    downloadFormatSchema
      .optional()
      .describe(
        "listing: burns in the 'Virtually staged' label and a QR code + URL of the original photo's public page; 409 not_shared until the project has a share link (POST /api/projects/{id}/share)",
      ),
  ),
  mls: z.preprocess(
    emptyToUndefined,
    mlsProfileIdSchema
      .optional()
      .describe(
        "Whose photo rules the label follows (its words, corner, link); default: the owner's MLS in Settings",
      ),
  ),
});
export type DownloadQuery = z.infer<typeof downloadQuerySchema>;

/** The longest project name (the create form's limit too). */
export const PROJECT_NAME_MAX = 120;
/**
 * `PATCH /api/projects/{id}`: a new name (shown in every list and as the buyer page's title), or the room
 * type corrected after staging (an analysis that misread the room), or both.
 */
export const renameProjectRequestSchema = z
  .object({
    name: z
      .string()
      .transform(cleanDisplayText)
      .pipe(
        z
          .string()
          .min(1, { message: 'Please enter a name for the project.' })
          .max(PROJECT_NAME_MAX, { message: `A project name has at most ${PROJECT_NAME_MAX} characters.` }),
      )
      .optional(),
    roomType: roomTypeSchema.optional().describe('The room the photo shows; edits offered follow it'),
  })
  .refine((b) => b.name !== undefined || b.roomType !== undefined, {
    message: 'Please give a new name or room type.',
  });
export type RenameProjectRequest = z.infer<typeof renameProjectRequestSchema>;
