import { downloadFileName, type DownloadFormat } from '@shared/domain';
import { apiRequest } from '../../../lib/api-client';
import { createProjectShare } from './create-project-share';

/**
 * Fetches the staged JPEG (optionally one multi-view variant, optionally listing-ready with the
 * 'Virtually staged' label and the QR code of its share link, made first, optionally in 4K for Pro) and
 * saves it as staged-image-{id}[-N][-listing][-4k].jpg.
 */
export async function downloadProject(
  id: string,
  variant?: number,
  format: DownloadFormat = 'plain',
  size?: '4k',
): Promise<void> {
  const params = new URLSearchParams();
  if (variant !== undefined && variant > 0) params.set('variant', String(variant));
  if (format === 'listing') params.set('format', 'listing');
  if (size) params.set('size', size);
  // The QR code points to the share page: made (or reused) by its own POST, never by the download.
  if (format === 'listing') await createProjectShare(id);
  const query = params.size > 0 ? `?${params.toString()}` : '';
  const res = await apiRequest(`/api/projects/${encodeURIComponent(id)}/download${query}`, {
    headers: { Accept: 'image/jpeg' },
  });
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = downloadFileName(id, { variant, format, size });
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the blob goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
