import busboy from 'busboy';
import type { Context } from 'koa';
import { UPLOAD_MESSAGES } from '@shared/domain';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../http/errors';

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
  /** How slowly a body may arrive; UPLOAD_PACE unless a test needs it quicker. */
  pace?: UploadPace;
}

export interface UploadPace {
  /** Any body may take this long. */
  graceMs: number;
  /** After the grace, the body must have averaged at least this many bytes a second so far. */
  minBytesPerSecond: number;
  /** No body is read for longer than this, however it keeps the pace (a reading slot is held meanwhile). */
  maxMs: number;
}

/**
 * 60 s for any photo, then 32 KB/s on average, and 3 minutes at most: a 10 MB photo from a phone on slow
 * 4G (750 kbit/s up, about 112 s) still arrives; a body paced to hold a reading slot is cut off.
 */
export const UPLOAD_PACE: UploadPace = {
  graceMs: 60_000,
  minBytesPerSecond: 32 * 1024,
  maxMs: 180_000,
};
export const UPLOAD_TOO_SLOW_MESSAGE =
  'The photo arrived too slowly, so the upload was stopped. Please check your connection and try again.';
const PACE_CHECK_MS = 1000;

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
  const {
    maxFileBytes,
    fileField = 'image',
    tooLargeMessage = UPLOAD_MESSAGES.tooLarge,
    pace = UPLOAD_PACE,
  } = limits;
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
    const started = Date.now();
    let received = 0;
    const count = (chunk: Buffer) => (received += chunk.length);
    // A body trickling in holds memory and a socket; past the grace it must keep a minimum pace.
    const paceCheck = setInterval(
      () => {
        const elapsed = Date.now() - started;
        const behind = elapsed >= pace.graceMs && received < (pace.minBytesPerSecond * elapsed) / 1000;
        if (behind || elapsed >= pace.maxMs) {
          ctx.set('Connection', 'close');
          finish(new AppError(408, 'upload_too_slow', UPLOAD_TOO_SLOW_MESSAGE));
        }
      },
      Math.min(PACE_CHECK_MS, pace.graceMs),
    ).unref();
    req.on('data', count);
    const finish = (err: AppError | null, upload?: Upload) => {
      if (settled) return;
      settled = true;
      clearInterval(paceCheck);
      req.off('data', count);
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
