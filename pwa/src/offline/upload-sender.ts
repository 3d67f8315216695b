import { projectSchema, type Project } from '@shared/api';
import { ApiError, apiJson, NetworkError } from '../lib/api-client';
import type { UploadRecord } from './db';
import type { SendResult, Sender } from './upload-queue';
import { WAITING_FOR_CONNECTION } from './upload-texts';

/** POST /api/projects with the record's id as Idempotency-Key: a resend answers with the same project. */
export function postProject(record: Pick<UploadRecord, 'id' | 'file' | 'fileName' | 'fields'>) {
  const body = new FormData();
  body.append('image', record.file, record.fileName);
  for (const [k, v] of Object.entries(record.fields)) body.append(k, v);
  return apiJson<Project>('/api/projects', projectSchema, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': record.id },
  });
}

/** Sorts a failed upload for the queue: which answers keep the photo waiting, and for what. */
export function classifyUploadError(err: unknown): Exclude<SendResult, { kind: 'created' }> {
  if (err instanceof NetworkError) return { kind: 'retry', message: WAITING_FOR_CONNECTION };
  if (err instanceof ApiError) {
    if (err.status === 401) return { kind: 'auth' };
    if (err.status === 402) return { kind: 'payment' };
    // The same key still being processed by an earlier attempt is not a refusal.
    if (
      err.status === 408 ||
      err.status === 429 ||
      err.status >= 500 ||
      err.code === 'idempotency_in_progress'
    )
      return { kind: 'retry', message: err.message };
    return { kind: 'refused', message: err.message };
  }
  return { kind: 'retry', message: err instanceof Error ? err.message : 'Upload failed' };
}

export const sendProjectUpload: Sender = async (record): Promise<SendResult> => {
  try {
    const project = await postProject(record);
    return { kind: 'created', projectId: project.id };
  } catch (err) {
    return classifyUploadError(err);
  }
};
