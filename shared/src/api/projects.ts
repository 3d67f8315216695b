import { z } from 'zod';
import { CUSTOM_PROMPT_MAX } from '../domain/limits';
import { colorPaletteSchema, roomTypeSchema, stagingModeSchema, stylePresetSchema } from '../domain/staging';
import { projectStatusSchema } from '../domain/status';
import { optionalText } from './common';

export const engineKindSchema = z.enum(['openai', 'preview']);

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: projectStatusSchema,
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
  variants: z.array(z.string()).describe('Staged image URLs, one per multi-view variant'),
  engine: engineKindSchema,
  isDemo: z.boolean(),
  metadata: z.object({ error: z.string().optional() }),
  createdAt: z.string().describe('ISO 8601'),
});
export type Project = z.infer<typeof projectSchema>;
export const projectListSchema = z.array(projectSchema);

export const projectStatusResponseSchema = z.object({
  status: projectStatusSchema,
  progress: z.string(),
  stagedImageUrl: z.string().nullable(),
  error: z.string().nullable(),
});
export type ProjectStatusResponse = z.infer<typeof projectStatusResponseSchema>;

/** The text fields of `POST /api/projects` (multipart; the photo is the `image` part). */
export const createProjectFieldsSchema = z
  .object({
    name: optionalText(120),
    stagingMode: stagingModeSchema,
    roomType: roomTypeSchema,
    stylePreset: z.preprocess((v) => (v === '' ? undefined : v), stylePresetSchema.optional()),
    colorPalette: z.preprocess((v) => (v === '' ? undefined : v), colorPaletteSchema.optional()),
    customPrompt: optionalText(CUSTOM_PROMPT_MAX),
  })
  // Style and palette mean nothing when furniture is removed.
  .transform((f) =>
    f.stagingMode === 'unstage' ? { ...f, stylePreset: undefined, colorPalette: undefined } : f,
  );
export type CreateProjectFields = z.infer<typeof createProjectFieldsSchema>;

export const demoStageFieldsSchema = z.object({
  roomType: roomTypeSchema,
  stagingMode: z.literal('stage').default('stage'),
  stylePreset: z.preprocess((v) => (v === '' ? undefined : v), stylePresetSchema.default('modern')),
});
export const demoStageResponseSchema = z.object({ id: z.string(), originalImageUrl: z.string() });

export const analyzeResponseSchema = z.object({ roomType: roomTypeSchema, style: stylePresetSchema });
export type AnalyzeResponse = z.infer<typeof analyzeResponseSchema>;

export const imageKindSchema = z.enum(['original', 'staged', 'thumb']);
