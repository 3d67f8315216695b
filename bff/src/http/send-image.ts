import type { Context } from 'koa';

/** An image to answer with; a `fileName` makes it a download (an attachment) under that name. */
export interface ImageAnswer {
  data: Buffer;
  contentType: string;
  fileName?: string;
}

/** Sends image bytes as exactly the type they were stored as: browsers must never sniff them into another. */
export function sendImage(ctx: Context, image: ImageAnswer): void {
  ctx.set('X-Content-Type-Options', 'nosniff');
  if (image.fileName) ctx.set('Content-Disposition', `attachment; filename="${image.fileName}"`);
  ctx.type = image.contentType;
  ctx.body = image.data;
}
