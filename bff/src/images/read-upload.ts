import busboy from 'busboy';
import type { Context } from 'koa';
import { UPLOAD_MESSAGES } from '@shared/domain';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../http/errors';

export interface Upload {
  file: Buffer | null;
  fileName: string | null;
  fields: Record<string, string>;
}

export interface UploadLimits {
  maxFileBytes: number;
  /** Sentence for a file over the limit. */
  tooLargeMessage?: string;
  fileField?: string;
}

/**
 * Streams a multipart body into memory, counting bytes as they arrive: an oversize file is refused
 * the moment it crosses the limit, and nothing ever touches the disk.
 */
export function readUpload(ctx: Context, limits: UploadLimits): Promise<Upload> {
  const { maxFileBytes, fileField = 'image', tooLargeMessage = UPLOAD_MESSAGES.tooLarge } = limits;
  if (!ctx.is('multipart/form-data')) {
    return Promise.reject(
      unsupportedMediaType('Please send the photo as multipart/form-data with an "image" field.'),
    );
  }
  return new Promise<Upload>((resolve, reject) => {
    let settled = false;
    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      ctx.req.unpipe();
      ctx.req.resume(); // drain the rest so the client can read our answer
      reject(err);
    };
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: ctx.req.headers,
        limits: { files: 1, fileSize: maxFileBytes, fields: 30, fieldSize: 8 * 1024, parts: 40 },
      });
    } catch {
      reject(badRequest('The upload could not be read. Please try again.', 'bad_multipart'));
      return;
    }
    const fields: Record<string, string> = {};
    let file: Buffer | null = null;
    let fileName: string | null = null;
    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      if (name !== fileField || file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => fail(payloadTooLarge(tooLargeMessage)));
      stream.on('end', () => {
        if (!(stream as unknown as { truncated?: boolean }).truncated) {
          file = Buffer.concat(chunks);
          fileName = info.filename ?? null;
        }
      });
    });
    bb.on('filesLimit', () => undefined);
    bb.on('error', () =>
      fail(badRequest('The upload could not be read. Please try again.', 'bad_multipart')),
    );
    bb.on('close', () => {
      if (settled) return;
      settled = true;
      resolve({ file, fileName, fields });
    });
    ctx.req.pipe(bb);
  });
}
