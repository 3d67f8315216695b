import { z } from 'zod';

export const PROJECT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
/** The status value alone; `projectStatusSchema` in @shared/api is the status endpoint's answer. */
export const projectStatusEnumSchema = z.enum(PROJECT_STATUSES);
export const PROJECT_STATUS_LABELS = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
} as const satisfies Record<ProjectStatus, string>;
export const PROJECT_STATUS_TEXTS = {
  pending: 'Queued for processing',
  processing: 'AI model is analyzing and staging your room...',
  completed: 'Staging completed successfully',
  failed: 'Processing failed',
} as const satisfies Record<ProjectStatus, string>;
export const isFinished = (status: ProjectStatus): boolean => status === 'completed' || status === 'failed';
