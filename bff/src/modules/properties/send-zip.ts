import type { Context } from 'koa';
import type { PropertyZip } from './property-download.service';

/**
 * Streams the ZIP as an attachment. A failure after the first bytes cannot become an error answer any
 * more: the connection is cut, so the browser reports a failed download instead of saving a broken file.
 */
export function sendZip(ctx: Context, zip: PropertyZip): void {
  ctx.set('Content-Disposition', `attachment; filename="${zip.fileName}"`);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.type = 'application/zip';
  zip.stream.once('error', () => ctx.res.destroy());
  ctx.body = zip.stream;
}
