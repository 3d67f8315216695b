import type { IncomingMessage } from 'node:http';
import { badRequest, payloadTooLarge } from './errors';

const tooLarge = () => payloadTooLarge('The request is too large.');

/**
 * The request body as bytes, refused past `maxBytes` (for signature checks over the exact payload). A
 * declared length over the limit is refused before a byte is read; a streamed body the moment it crosses
 * it, and the rest is drained (not destroyed), so the client still reads the 413 instead of a reset.
 */
export function readRawBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  if (Number(req.headers['content-length']) > maxBytes) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      stop();
      chunks.length = 0;
      req.resume();
      reject(tooLarge());
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = () => {
      stop();
      reject(badRequest('The request could not be read. Please try again.', 'bad_body'));
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('aborted', onError);
  });
}
