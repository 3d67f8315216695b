import busboy from 'busboy';
import type { Context } from 'koa';
import { UPLOAD_MESSAGES } from '@shared/domain';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../http/errors';

export interface Upload {
  file: Buffer | null;
  fileName: string | null;
  /** Text fields; a prototype-free object, so a field named `__proto__` is just a field. */
  fields: Record<string, string>;
}

export interface UploadLimits {
  maxFileBytes: number;
  /** Sentence for a file over the limit. */
  tooLargeMessage?: string;
  fileField?: string;
}

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 4 * 1024;
/** Room for the text fields and multipart framing on top of the file itself. */
const FORM_OVERHEAD_BYTES = MAX_FIELDS * MAX_FIELD_BYTES + 64 * 1024;

const unreadable = () => badRequest('The upload could not be read. Please try again.', 'bad_multipart');

/**
 * Streams a multipart body into memory, counting bytes as they arrive: an oversize file is refused the
 * moment it crosses the limit (or at once when Content-Length already says so), and nothing touches
 * the disk. Only the first part named `image` is kept.
 */
export function readUpload(ctx: Context, limits: UploadLimits): Promise<Upload> {
  const { maxFileBytes, fileField = 'image', tooLargeMessage = UPLOAD_MESSAGES.tooLarge } = limits;
  if (!ctx.is('multipart/form-data')) {
    return Promise.reject(
      unsupportedMediaType('Please send the photo as multipart/form-data with an "image" field.'),
    );
  }
  const declared = Number(ctx.get('content-length'));
  if (Number.isFinite(declared) && declared > maxFileBytes + FORM_OVERHEAD_BYTES) {
    return Promise.reject(payloadTooLarge(tooLargeMessage));
  }
  return new Promise<Upload>((resolve, reject) => {
    const req = ctx.req;
    let settled = false;
    const finish = (err: AppError | null, upload?: Upload) => {
      if (settled) return;
      settled = true;
      req.off('aborted', onAborted);
      if (err) {
        req.unpipe();
        req.resume(); // drain the rest so the client can read our answer
        reject(err);
      } else if (upload) {
        resolve(upload);
      }
    };
    const onAborted = () => finish(unreadable());
    req.once('aborted', onAborted);

    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: {
          files: 1,
          fileSize: maxFileBytes,
          fields: MAX_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
          parts: MAX_FIELDS + 5,
        },
      });
    } catch {
      finish(unreadable());
      return;
    }
    const fields = Object.create(null) as Record<string, string>;
    let file: Buffer | null = null;
    let fileName: string | null = null;
    bb.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) {
        finish(badRequest(`The form field "${name.slice(0, 40)}" is too long.`, 'field_too_long'));
        return;
      }
      fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      // A body cut off inside a file part errors on the part's own stream; unheard, it would end the process.
      stream.on('error', () => finish(unreadable()));
      if (name !== fileField || file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        chunks.length = 0;
        finish(payloadTooLarge(tooLargeMessage));
      });
      stream.on('end', () => {
        if (!stream.truncated) {
          file = Buffer.concat(chunks);
          fileName = info.filename ?? null;
        }
      });
    });
    bb.on('error', () => finish(unreadable()));
    bb.on('close', () => finish(null, { file, fileName, fields }));
    req.pipe(bb);
  });
}
