import { apiPath } from '@shared/api/api-paths';
import { apiRequest } from '../../../lib/api-client';

/** The file name the server gave (Content-Disposition), else the property's name made safe. */
export function zipFileName(res: Response, propertyName: string): string {
  const header = res.headers.get('Content-Disposition') ?? '';
  const given = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1] ?? /filename="?([^";]+)"?/i.exec(header)?.[1];
  if (given) return decodeURIComponent(given);
  const slug = propertyName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'property'}.zip`;
}

/**
 * Fetches the property's ZIP (listing-ready photos in room order, originals, disclosure) and saves it.
 * Without a buyer link the server refuses (409 `not_shared`): the QR codes need that page, and publishing
 * it is the owner's decision, asked for before.
 */
export async function downloadProperty(id: string, propertyName: string): Promise<void> {
  const res = await apiRequest(apiPath('propertyDownload', { id }), {
    headers: { Accept: 'application/zip' },
  });
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = zipFileName(res, propertyName);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the blob goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
