import { EXPORT_SOURCE_EDGE_HEADER, EXPORT_SOURCE_HEADER } from '@shared/api';
import {
  EXPORT_4K_SOURCES,
  downloadFileName,
  type DownloadFormat,
  type Export4kSource,
  type MlsProfileId,
} from '@shared/domain';
import { apiPath } from '@shared/api/api-paths';
import { apiRequest } from '../../lib/api-client';

/** Where a 4K download's pixels came from, as the server said (null for other downloads). */
export interface DownloadedExport {
  source: Export4kSource;
  sourceLongEdge: number;
}

function exportOf(res: Response): DownloadedExport | null {
  const source = res.headers.get(EXPORT_SOURCE_HEADER);
  const sourceLongEdge = Number(res.headers.get(EXPORT_SOURCE_EDGE_HEADER));
  const known = EXPORT_4K_SOURCES.find((s) => s === source);
  return known && sourceLongEdge > 0 ? { source: known, sourceLongEdge } : null;
}

/**
 * Fetches the staged JPEG (optionally one multi-view variant, optionally listing-ready with the
 * 'Virtually staged' label and the QR code of its share link, optionally in 4K for Pro) and saves it as
 * staged-image-{id}[-N][-listing][-4k].jpg. A listing-ready download of a project without a share link
 * is refused (409 `not_shared`): publishing it is the owner's decision, asked for before. Answers where
 * a 4K download's pixels came from.
 */
export async function downloadProject(
  id: string,
  variant?: number,
  format: DownloadFormat = 'plain',
  size?: '4k',
  mls?: MlsProfileId,
): Promise<DownloadedExport | null> {
  const params = new URLSearchParams();
  if (variant !== undefined && variant > 0) params.set('variant', String(variant));
  if (format === 'listing') params.set('format', 'listing');
  if (size) params.set('size', size);
  // One download under another MLS's rules than the agent's own.
  if (mls && format === 'listing') params.set('mls', mls);
  const query = params.size > 0 ? `?${params.toString()}` : '';
  const res = await apiRequest(`${apiPath('projectDownload', { id })}${query}`, {
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
  return exportOf(res);
}
