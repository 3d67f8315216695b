import type { Project } from '@shared/api';
import { currentBatchSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../lib/api-client';

/** The batch tab's batch as the server keeps it (its sent photos' projects, in order). */
export async function getCurrentBatch(): Promise<Project[]> {
  return (await apiJson(apiPath('batch'), currentBatchSchema)).projects;
}

/** Keeps the batch's projects, in order, for this account; [] clears it. */
export async function saveCurrentBatch(projectIds: string[]): Promise<void> {
  await apiJson(apiPath('batch'), currentBatchSchema, { method: 'PUT', body: { projectIds } });
}

/** A sent photo again, from the server's unedited copy (a retry of an item restored without its file). */
export async function fetchOriginalPhoto(url: string, name: string): Promise<File> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error('The original photo could not be loaded. Please choose it again.');
  const blob = await res.blob();
  return new File([blob], `${name}.jpg`, { type: blob.type || 'image/jpeg' });
}
