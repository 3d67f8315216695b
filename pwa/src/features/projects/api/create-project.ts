import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema, type Project } from '@shared/api';
import type { ColorPalette, RoomType, StagingMode, StylePreset } from '@shared/domain';
import { ApiError, apiJson, NetworkError } from '../../../lib/api-client';
import { resizeForUpload } from '../../../lib/resize-image';
import { discardUpload, enqueueUpload, keepForRetry } from '../../../offline/upload-queue';
import { requestBackgroundSync } from '../../../offline/upload-runner';
import { WAITING_FOR_CONNECTION } from '../../../offline/upload-sender';
import { limitsQueryKey } from '../../../lib/limits';
import { projectsQueryKey } from './get-projects';

export interface CreateProjectInput {
  image: Blob;
  /** The file name sent with the image part. */
  fileName: string;
  name: string;
  stagingMode: StagingMode;
  roomType: RoomType;
  stylePreset: StylePreset;
  colorPalette: ColorPalette;
  customPrompt: string;
}

/** The multipart body of spec section 5: style and palette only when not unstaging, prompt trimmed and omitted if empty. */
export function buildProjectFormData(input: CreateProjectInput): FormData {
  const form = new FormData();
  form.append('image', input.image, input.fileName);
  form.append('name', input.name);
  form.append('stagingMode', input.stagingMode);
  form.append('roomType', input.roomType);
  if (input.stagingMode !== 'unstage') {
    form.append('stylePreset', input.stylePreset);
    form.append('colorPalette', input.colorPalette);
  }
  const prompt = input.customPrompt.trim();
  if (prompt) form.append('customPrompt', prompt);
  return form;
}

/** The photo is kept here until the server answers; a network failure leaves it queued for later. */
export class QueuedUploadError extends Error {
  override name = 'QueuedUploadError';
  constructor() {
    super(WAITING_FOR_CONNECTION);
  }
}

const isTransient = (err: unknown) =>
  err instanceof NetworkError ||
  (err instanceof ApiError && (err.status >= 500 || err.status === 408 || err.status === 429));

/**
 * The one place a project is created. The (resized) photo is stored in IndexedDB first and leaves it
 * only when the server has confirmed the project; its record id is the Idempotency-Key, so a retry
 * from the offline queue returns the same project and charges once.
 */
export async function createProject(input: CreateProjectInput): Promise<Project> {
  const image = await resizeForUpload(input.image);
  const form = buildProjectFormData({ ...input, image });
  const fields: Record<string, string> = {};
  form.forEach((v, k) => {
    if (typeof v === 'string') fields[k] = v;
  });
  const record = await enqueueUpload({ file: image, fileName: input.fileName, fields });
  try {
    const project = await apiJson('/api/projects', projectSchema, {
      method: 'POST',
      body: form,
      headers: { 'Idempotency-Key': record.id },
    });
    await discardUpload(record.id);
    return project;
  } catch (err) {
    if (isTransient(err)) {
      await keepForRetry(record.id, err instanceof Error ? err.message : WAITING_FOR_CONNECTION);
      void requestBackgroundSync();
      throw new QueuedUploadError();
    }
    // Refused (4xx): the user sees the sentence now and still has the photo on screen.
    await discardUpload(record.id);
    throw err;
  }
}

/** Creates a project, then refreshes the recent list and the limits (spec section 7), also after a failure. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProjectInput) => createProject(input),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
        queryClient.invalidateQueries({ queryKey: limitsQueryKey }),
      ]);
    },
  });
}
