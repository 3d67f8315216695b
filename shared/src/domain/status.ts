import { z } from 'zod';

export const PROJECT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const projectStatusSchema = z.enum(PROJECT_STATUSES);
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};
export const PROJECT_STATUS_TEXTS: Record<ProjectStatus, string> = {
  pending: 'Queued for processing',
  processing: 'AI model is analyzing and staging your room...',
  completed: 'Staging completed successfully',
  failed: 'Processing failed',
};
export const isFinished = (status: ProjectStatus): boolean => status === 'completed' || status === 'failed';
