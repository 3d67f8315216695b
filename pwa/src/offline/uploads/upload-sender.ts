import { ACCOUNT_MISMATCH_CODE, UPLOAD_ACCOUNT_HEADER, projectSchema, type Project } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { ApiError, apiJson, NetworkError } from '../../lib/api-client';
import { fetchCurrentUser } from '../../lib/session-requests';
import type { UploadRecord } from '../db';
import type { SendResult, Sender } from './upload-queue';
import { ownerIdOf, uploadAccountOf, type UploadAccount } from './upload-owner';
import { WAITING_FOR_CONNECTION } from './upload-texts';

/**
 * POST /api/projects with the record's id as Idempotency-Key: a resend answers with the same project.
 * The owner goes along, so a session of another account (another tab signed in meanwhile) refuses it.
 */
export function postProject(record: Pick<UploadRecord, 'id' | 'file' | 'fileName' | 'fields' | 'ownerId'>) {
  const body = new FormData();
  body.append('image', record.file, record.fileName);
  for (const [k, v] of Object.entries(record.fields)) body.append(k, v);
  const headers: Record<string, string> = { 'Idempotency-Key': record.id };
  const owner = ownerIdOf(record);
  if (owner) headers[UPLOAD_ACCOUNT_HEADER] = owner;
  return apiJson<Project>(apiPath('projects'), projectSchema, { method: 'POST', body, headers });
}

/** Who the session belongs to (null: nobody): the service worker asks, it cannot see the page's user. */
export async function sessionAccount(): Promise<UploadAccount | null> {
  const user = await fetchCurrentUser();
  return user ? uploadAccountOf(user) : null;
}

/** Sorts a failed upload for the queue: which answers keep the photo waiting, and for what. */
export function classifyUploadError(err: unknown): Exclude<SendResult, { kind: 'created' | 'saved' }> {
  if (err instanceof NetworkError) return { kind: 'retry', message: WAITING_FOR_CONNECTION };
  if (err instanceof ApiError) {
    // The session is not the photo's account: like a 401, it waits until that account signs in.
    if (err.status === 401 || err.code === ACCOUNT_MISMATCH_CODE) return { kind: 'auth' };
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
