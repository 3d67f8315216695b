import type { Context } from 'koa';
import { cacheable, NO_STORE } from './cache-control';

/** An image to answer with; a `fileName` makes it a download (an attachment) under that name. */
export type ImageAnswer =
  | { data: Buffer; contentType: string; fileName?: string }
  /** A short-lived link to the bytes on object storage (which answers with the same type). */
  | { url: string; contentType: string };

/**
 * Sends image bytes as exactly the type they were stored as: browsers must never sniff them into another.
 * `cachePolicy` applies to bytes; a redirect is never kept, since its link expires within minutes.
 */
export function sendImage(ctx: Context, image: ImageAnswer, cachePolicy?: string): void {
  ctx.set('X-Content-Type-Options', 'nosniff');
  if ('url' in image) {
    ctx.redirect(image.url);
    ctx.set('Cache-Control', NO_STORE);
    return;
  }
  if (image.fileName) ctx.set('Content-Disposition', `attachment; filename="${image.fileName}"`);
  ctx.type = image.contentType;
  ctx.body = image.data;
  if (cachePolicy) cacheable(ctx, cachePolicy);
}
