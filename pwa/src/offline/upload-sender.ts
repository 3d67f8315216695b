import { projectSchema } from '@shared/api';
import { ApiError, apiJson, NetworkError } from '../lib/api-client';
import type { SendResult, Sender } from './upload-queue';

import { WAITING_FOR_CONNECTION } from './sync-constants';

export { WAITING_FOR_CONNECTION };

/** POST /api/projects with the record's id as Idempotency-Key, and the answer sorted for the queue. */
export const sendProjectUpload: Sender = async (record): Promise<SendResult> => {
  const body = new FormData();
  for (const [k, v] of Object.entries(record.fields)) body.append(k, v);
  body.append('image', record.file, record.fileName);
  try {
    const project = await apiJson('/api/projects', projectSchema, {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': record.id },
    });
    return { kind: 'created', projectId: project.id };
  } catch (err) {
    if (err instanceof NetworkError) return { kind: 'retry', message: WAITING_FOR_CONNECTION };
    if (err instanceof ApiError) {
      if (err.status === 401) return { kind: 'auth' };
      if (err.status === 402) return { kind: 'payment' };
      if (err.status === 408 || err.status === 429 || err.status >= 500)
        return { kind: 'retry', message: err.message };
      return { kind: 'refused', message: err.message };
    }
    return { kind: 'retry', message: err instanceof Error ? err.message : 'Upload failed' };
  }
};
