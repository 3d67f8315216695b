import { apiRequest } from '../../../lib/api-client';

export const downloadFileName = (id: string) => `staged-image-${id}.jpg`;

/** Fetches the staged JPEG (optionally one multi-view variant) and saves it as staged-image-{id}.jpg. */
export async function downloadProject(id: string, variant?: number): Promise<void> {
  const query = variant !== undefined && variant > 0 ? `?variant=${variant}` : '';
  const res = await apiRequest(`/api/projects/${encodeURIComponent(id)}/download${query}`, {
    headers: { Accept: 'image/jpeg' },
  });
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = downloadFileName(id);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the blob goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
