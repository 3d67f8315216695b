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
