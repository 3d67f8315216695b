import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@shared/api';
import { resizeForUpload } from '../../lib/resize-image';
import { limitsQueryKey } from '../../lib/limits';
import {
  classifyUploadError,
  discardUpload,
  enqueueUpload,
  postProject,
  projectUploadFields,
  releaseUpload,
  settleUpload,
  uploadAccount,
  waitForUpload,
  WAITING_FOR_CONNECTION,
  WAITING_FOR_SIGN_IN,
  type ProjectUploadOptions,
} from '../../offline/uploads';
import { requestBackgroundSync } from '../../offline/sync';

export interface CreateProjectInput extends ProjectUploadOptions {
  image: Blob;
  /** The file name sent with the image part. */
  fileName: string;
}

/** The multipart body of a generate: the photo and its options (the queue sends the same fields). */
export function buildProjectFormData(input: CreateProjectInput): FormData {
  const form = new FormData();
  form.append('image', input.image, input.fileName);
  for (const [k, v] of Object.entries(projectUploadFields(input))) form.append(k, v);
  return form;
}

/** The photo is kept on this device and the queue uploads it later: after a network failure, or a sign-in. */
export class QueuedUploadError extends Error {
  override name = 'QueuedUploadError';
  constructor(
    readonly uploadId: string,
    readonly reason: 'connection' | 'auth',
    /** The project id once the queue has uploaded it; rejects with the server's sentence if refused. */
    readonly uploaded: Promise<string>,
  ) {
    super(reason === 'auth' ? WAITING_FOR_SIGN_IN : WAITING_FOR_CONNECTION);
  }
}

/**
 * The one place a project is created. The (resized) photo is stored in IndexedDB first and leaves it
 * only when the server has confirmed the project; its record id is the Idempotency-Key, so a retry
 * from the offline queue returns the same project and charges once. It belongs to the signed-in
 * account: should it wait, only that account uploads it.
 */
export async function createProject(input: CreateProjectInput): Promise<Project> {
  const image = await resizeForUpload(input.image);
  const fields = projectUploadFields(input);
  const owner = uploadAccount() ?? null;
  const queued = await enqueueUpload({ file: image, fileName: input.fileName, fields, owner }, Date.now(), {
    hold: true,
  });
  const record = { ...queued, attempts: 1 };
  try {
    const project = await postProject(record);
    await settleUpload(record, { kind: 'created', projectId: project.id });
    return project;
  } catch (err) {
    const result = classifyUploadError(err);
    if (result.kind === 'retry' || result.kind === 'auth') {
      // Listening before the runner may take it, so the caller hears when it is uploaded.
      const uploaded = waitForUpload(record.id);
      uploaded.catch(() => undefined);
      await settleUpload(record, result);
      if (result.kind === 'retry') void requestBackgroundSync();
      throw new QueuedUploadError(record.id, result.kind === 'auth' ? 'auth' : 'connection', uploaded);
    }
    // Refused (4xx) or out of credits: the user sees why now and still has the photo on screen.
    await discardUpload(record.id);
    throw err;
  } finally {
    releaseUpload(record.id);
  }
}

/**
 * Creates a project, then refreshes the limits, also after a failure. The recent list refreshes itself when
 * the project is created (see useRecentProjects), here or through the upload queue.
 */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProjectInput) => createProject(input),
    // Offline it must still run: the photo goes into the upload queue at once instead of the mutation pausing.
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: limitsQueryKey }),
  });
}
