import type { IncomingMessage } from 'node:http';
import { payloadTooLarge } from './errors';

/** The request body as bytes, refused past `maxBytes` (for signature checks over the exact payload). */
export async function readRawBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw payloadTooLarge('The request is too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
