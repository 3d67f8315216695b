import { z } from 'zod';
import { EXPORT_4K_SOURCES } from '../domain/export-4k';

/** What `GET /api/projects/{id}/download?size=4k` will answer, told before the download is made. */
export const export4kPlanSchema = z.object({
  source: z
    .enum(EXPORT_4K_SOURCES)
    .describe(
      'native: the result has 4K or more; upscaled: an AI upscaler makes the 4K pixels; enlarged: interpolation, no added detail',
    ),
  sourceLongEdge: z.number().int().positive().describe("The staged result's long edge in px"),
  label: z.string().describe("What the 4K switch says, e.g. '4K, enlarged from 2048 px'"),
});
export type Export4kPlan = z.infer<typeof export4kPlanSchema>;

/** On a 4K download: where its pixels came from (a failed upscale says `enlarged` here). */
export const EXPORT_SOURCE_HEADER = 'Stagely-Export-Source';
/** On a 4K download: the long edge, in px, of the result it was made from. */
export const EXPORT_SOURCE_EDGE_HEADER = 'Stagely-Export-Source-Px';
