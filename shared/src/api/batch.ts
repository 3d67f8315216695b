import { z } from 'zod';
import { BATCH_MAX } from '../domain/limits';
import { projectSchema } from './projects';

/** The batch tab's photos that were sent, kept for the account so a reload or another device shows it. */
export const currentBatchSchema = z.object({
  projects: z
    .array(projectSchema)
    .max(BATCH_MAX)
    .describe('The batch’s projects in the order they were picked (deleted ones are left out)'),
});
export type CurrentBatch = z.infer<typeof currentBatchSchema>;

export const saveBatchRequestSchema = z.object({
  projectIds: z
    .array(z.string().min(1).max(100))
    .max(BATCH_MAX)
    .describe('The batch’s projects in order; an empty list clears the batch'),
});
export type SaveBatchRequest = z.infer<typeof saveBatchRequestSchema>;
