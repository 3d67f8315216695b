import { z } from 'zod';
import { projectStatusEnumSchema } from '../domain/status';

/** The SSE event name of a project's status change on `GET /api/events`. */
export const PROJECT_EVENT = 'project';

/** The data of a `project` event: one of the signed-in user's projects changed status, or has a draft. */
export const projectEventSchema = z.object({
  projectId: z.string(),
  status: projectStatusEnumSchema,
  name: z.string(),
  propertyId: z.string().nullable().describe('The property whose room this staging is, or null'),
  changedAt: z.string().describe('ISO 8601: when the server stored the change'),
  draft: z
    .boolean()
    .default(false)
    .describe("A first look of the staging is ready (marked 'Draft'); the final replaces it when ready"),
});
export type ProjectEvent = z.infer<typeof projectEventSchema>;
