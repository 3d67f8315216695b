import { z } from 'zod';
import { publicAgentSchema } from './agent-profile';
import { SHARE_TOKEN_PATTERN } from '../domain/sharing';
import { engineKindSchema, roomTypeSchema, stagingModeSchema, stylePresetSchema } from '../domain/staging';

export const shareTokenSchema = z
  .string()
  .regex(SHARE_TOKEN_PATTERN)
  .describe('The random share token (24 base64url characters, 144 bits)');

/** The owner's share link of a project. */
export const shareLinkSchema = z.object({
  token: shareTokenSchema,
  url: z.string().describe('The public before/after page, absolute'),
  originalUrl: z.string().describe('The same page opened on the unedited original (the QR code target)'),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** `GET /api/projects/{id}/share`: the current link, or null when the project is not shared. */
export const shareStateSchema = z.object({ link: shareLinkSchema.nullable() });
export type ShareState = z.infer<typeof shareStateSchema>;

/** What anyone holding the token sees: the photos and how they were staged, nothing about the owner. */
export const publicShareSchema = z.object({
  name: z.string(),
  title: z
    .string()
    .describe(
      "The page's title: the property's name or address for a property's room, else the project's name",
    ),
  agent: publicAgentSchema,
  stagingMode: stagingModeSchema,
  roomType: roomTypeSchema,
  stylePreset: stylePresetSchema.nullable(),
  engine: engineKindSchema.describe('preview: the photo was only tinted, nothing was added or removed'),
  concept: z.boolean().describe('A design concept its agent kept although the room changed: labelled as one'),
  originalImageUrl: z.string(),
  stagedImageUrl: z.string(),
  variants: z.array(z.string()).describe('Staged image URLs, one per multi-view variant'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  createdAt: z.string().describe('ISO 8601'),
});
export type PublicShare = z.infer<typeof publicShareSchema>;

export const shareParamsSchema = z.object({ token: z.string() });
export const shareImageKindSchema = z.enum(['original', 'staged']);
export type ShareImageKind = z.infer<typeof shareImageKindSchema>;
export const shareImageParamsSchema = z.object({ token: z.string(), kind: shareImageKindSchema });

/** `GET /api/originals/{code}`: the unaltered original a labelled photo's QR code and short address lead to. */
export const originalViewSchema = z.object({
  imageUrl: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  archived: z.boolean().describe('The listing was deleted and its owner kept this page: the original only'),
  listingUrl: z
    .string()
    .nullable()
    .describe("The buyers' page with the before/after views, while the share lives; null in an archive"),
});
export type OriginalView = z.infer<typeof originalViewSchema>;
export const originalParamsSchema = z.object({ code: z.string() });

/** What deleting a project or a property would break: its published original links. */
export const publishedLinksSchema = z.object({
  links: z
    .number()
    .int()
    .min(0)
    .describe('Short addresses printed on downloaded photos that still lead somewhere'),
  files: z
    .number()
    .int()
    .min(0)
    .describe('Downloaded files that carry one of them (each listing download, each file of a ZIP)'),
});
export type PublishedLinks = z.infer<typeof publishedLinksSchema>;
/** `DELETE ...?keep=archive` keeps an archive page of each original; otherwise every link stops. */
export const deleteListingQuerySchema = z.object({
  keep: z.preprocess((v) => (v === '' ? undefined : v), z.literal('archive').optional()),
});

/**
 * One altered image handed over: what it came from, what made it, the rules and who downloaded it when;
 * one record per project version, MLS rules, variant, downloader and day.
 */
export const handoverSchema = z.object({
  originalSha256: z.string(),
  engine: engineKindSchema,
  model: z.string().nullable(),
  prompt: z.string().nullable(),
  structure: z.enum(['passed', 'failed', 'not checked']),
  mlsProfile: z.string(),
  variant: z.enum(['clean', 'labelled']),
  alteration: z.string(),
  fileSha256: z
    .string()
    .nullable()
    .describe("The handed-over file's SHA-256 (null on records made before it was kept)"),
  downloadedBy: z.string(),
  at: z.string().describe('ISO 8601: the first download of this file by this person that day (UTC)'),
  lastAt: z.string().describe('ISO 8601: the latest download of it that day'),
  count: z.number().int().describe('How many times it was downloaded that day'),
});
export type Handover = z.infer<typeof handoverSchema>;
export const handoverListSchema = z.array(handoverSchema);

/** `POST /api/provenance`: what a photo says of its own making (C2PA manifest, watermark). */
export const provenanceCheckSchema = z.object({
  c2pa: z
    .enum(['valid', 'valid-untrusted', 'invalid', 'none'])
    .describe(
      "The C2PA manifest: signed and intact ('valid-untrusted': by a certificate on no trust list, e.g. self-issued), altered since, or absent",
    ),
  watermark: z
    .object({
      code: z.string().nullable().describe("The short code of the original's page; null: none was published"),
      originalUrl: z.string().nullable().describe("The original's page (/o/{code})"),
    })
    .nullable()
    .describe(
      'Our invisible watermark, read from the pixels (survives re-encoding, resizing, cropping); null: none',
    ),
});
export type ProvenanceCheck = z.infer<typeof provenanceCheckSchema>;
