import type { Context } from 'koa';
import type { PropertyZip } from './property-download.service';

/**
 * Streams the ZIP as an attachment. A failure after the first bytes cannot become an error answer any
 * more: Koa pipes the stream into the response, so its error cuts the connection and the browser reports
 * a failed download instead of saving a broken file.
 */
export function sendZip(ctx: Context, zip: PropertyZip): void {
  ctx.set('Content-Disposition', `attachment; filename="${zip.fileName}"`);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.type = 'application/zip';
  ctx.body = zip.stream;
}
