import { z } from 'zod';
import { ALTERATION_CLASSES, type AlterationClass } from '../domain/alterations';
import { EDIT_KIND_TABLE } from '../domain/edit-kinds';
import {
  EDIT_INSTRUCTION_MAX,
  EDIT_KINDS,
  MASK_POINTS_MAX,
  MASK_STROKES_MAX,
  VERSION_TEXTS,
} from '../domain/versions';
import { cleanDisplayText } from '../domain/display-text';

const alterationSchema = z.enum(Object.keys(ALTERATION_CLASSES) as [AlterationClass, ...AlterationClass[]]);

/** One version of a project: the original (0), the staging's result (1), then one per edit. */
export const projectVersionSchema = z.object({
  number: z.number().int().min(0),
  kind: z.enum(['original', 'staging', ...EDIT_KINDS]),
  instruction: z.string().nullable().describe("The follow-up instruction ('make the sofa grey'), if any"),
  imageUrl: z.string(),
  current: z.boolean().describe('Share pages, downloads, the property ZIP and labels use this one'),
  alterations: z.array(alterationSchema).describe('What the version discloses, beyond the original'),
  note: z.string().nullable().describe("Set when the engine could not really do it (the preview's words)"),
  madeFrom: z.number().int().min(0).nullable().describe('The version an edit was made from (null otherwise)'),
  flagged: z
    .boolean()
    .describe("Its structure check found the room changed (an edit's: against the version it was made from)"),
  concept: z.boolean().describe('Kept as a design concept (or made from one): published with that label'),
  creditReturned: z
    .boolean()
    .default(false)
    .describe('An edit our check flagged: its credit came back (taken again if it is kept as a concept)'),
  freeRetry: z
    .boolean()
    .default(false)
    .describe('Its credit came back and its one Try again (an edit sent with `retryOf`) is still free'),
  createdAt: z.string().describe('ISO 8601'),
});
export type ProjectVersion = z.infer<typeof projectVersionSchema>;

export const versionListSchema = z.object({
  versions: z.array(projectVersionSchema),
  editing: z.boolean().describe('An edit is queued or being made'),
  editError: z.string().nullable().describe('Why the last edit failed (credit returned), until the next one'),
});
export type VersionList = z.infer<typeof versionListSchema>;

export const versionParamsSchema = z.object({ id: z.string(), number: z.coerce.number().int().min(0) });
/** `?size=thumb`: a 480 px JPEG for lists, instead of the full image. */
export const versionImageQuerySchema = z.object({
  size: z.enum(['thumb']).optional().describe('thumb: a 480 px JPEG for lists'),
});
/** A version's image as a list shows it (its 480 px thumbnail). */
export const versionThumbUrl = (imageUrl: string): string => `${imageUrl}?size=thumb`;

const point = z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]);
/** A brush stroke in image-relative coordinates; an eraser stroke takes paint away. */
export const maskStrokeSchema = z.object({
  erase: z.boolean().default(false),
  size: z.number().min(0.002).max(0.5).describe("The brush's diameter, a share of the image's width"),
  points: z.array(point).min(1).max(MASK_POINTS_MAX),
});
export type MaskStroke = z.infer<typeof maskStrokeSchema>;

const instructionSchema = (empty: string) =>
  z
    .string()
    .transform(cleanDisplayText)
    .pipe(
      z
        .string()
        .min(1, { message: empty })
        .max(EDIT_INSTRUCTION_MAX, {
          message: `An instruction has at most ${EDIT_INSTRUCTION_MAX} characters.`,
        }),
    );
const strokesSchema = (empty: string) =>
  z
    .array(maskStrokeSchema)
    .min(1, { message: empty })
    .max(MASK_STROKES_MAX, { message: 'Too many brush strokes: please undo some and try again.' });
/** Sent with the edit that tries a flagged edit again, from the version that one was made from. */
const retryField = {
  retryOf: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      'The flagged edit (its version) this one makes again: free once when its credit came back (`freeRetry`)',
    ),
};

/** An enhancement's preset: one of its mode's named presets. */
const presetOf = <K extends 'dusk' | 'sky' | 'lawn' | 'floor'>(kind: K) =>
  z.object({
    kind: z.literal(kind),
    preset: z.string().refine((p) => Object.hasOwn(EDIT_KIND_TABLE[kind].presets, p), {
      message: VERSION_TEXTS.presetUnknown,
    }),
    ...retryField,
  });

/** `POST /api/projects/{id}/edits`: a new version made from the current one. */
export const editRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('refine'),
    instruction: instructionSchema(VERSION_TEXTS.refineEmpty),
    ...retryField,
  }),
  z.object({ kind: z.literal('remove'), strokes: strokesSchema(VERSION_TEXTS.maskEmpty), ...retryField }),
  z.object({
    kind: z.literal('fill'),
    strokes: strokesSchema(VERSION_TEXTS.fillMaskEmpty),
    instruction: instructionSchema(VERSION_TEXTS.fillEmpty),
    ...retryField,
  }),
  presetOf('dusk'),
  presetOf('sky'),
  presetOf('lawn'),
  presetOf('floor'),
  z.object({
    kind: z.literal('paint'),
    colour: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, { message: VERSION_TEXTS.colourInvalid })
      .transform((c) => c.toUpperCase()),
    ...retryField,
  }),
]);
export type EditRequest = z.infer<typeof editRequestSchema>;

export const setCurrentVersionSchema = z.object({ current: z.literal(true) });
