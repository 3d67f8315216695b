import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import type { ApiErrorBody, ApiErrorCode } from '@shared/api';
import type { Logger } from '../config';
import { BlobDamagedError } from '../store';
import { STORAGE_FULL_MESSAGE } from './disk-guard';
import { AppError } from './errors';

const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
const DAMAGED_MESSAGE =
  'This image is damaged on the server and cannot be shown. Please upload the photo again.';

/** Messages for errors thrown by Koa and its middleware (koa-body, http-errors) that carry a status. */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'The request could not be read. Please check it and try again.',
  404: 'Not found.',
  405: 'This method is not allowed here.',
  413: 'The request is too large.',
  415: 'This content type is not supported.',
};

function zodMessage(err: ZodError): string {
  const first = err.issues[0];
  if (!first) return 'The request is not valid.';
  const field = first.path.join('.');
  // Our own messages are sentences; zod's defaults ('Invalid option: expected one of ...') are made one.
  if (/[.!?]$/.test(first.message)) return field ? `${field}: ${first.message}` : first.message;
  return field ? `The ${field} field is not valid (${first.message}).` : `${first.message}.`;
}

const errorBody = (error: ApiErrorCode, message: string): ApiErrorBody => ({ error, message });

function statusOf(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const s =
    (err as { status?: unknown; statusCode?: unknown }).status ??
    (err as { statusCode?: unknown }).statusCode;
  return typeof s === 'number' && s >= 400 && s < 600 ? s : undefined;
}

/** The one place that turns thrown errors into `{ error, message }`; never leaks a stack trace. */
export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof AppError) {
        ctx.status = err.status;
        ctx.set(err.headers);
        ctx.body = { error: err.code, message: err.message, ...err.extra };
      } else if (DISK_FULL_CODES.has((err as NodeJS.ErrnoException | null)?.code ?? '')) {
        // The disk refused the write: nothing was kept (the store reloads from disk), so say so plainly.
        logger.error({ err, method: ctx.method, url: ctx.url }, 'disk full');
        ctx.status = 507;
        ctx.body = errorBody('insufficient_storage', STORAGE_FULL_MESSAGE);
      } else if (err instanceof BlobDamagedError) {
        logger.error({ err, method: ctx.method, url: ctx.url }, 'damaged blob');
        ctx.status = 500;
        ctx.body = errorBody('damaged_image', DAMAGED_MESSAGE);
      } else if (err instanceof ZodError) {
        ctx.status = 400;
        ctx.body = errorBody('validation_error', zodMessage(err));
      } else {
        const status = statusOf(err);
        if (status && status < 500) {
          ctx.status = status;
          ctx.body = errorBody('http_error', STATUS_MESSAGES[status] ?? 'The request could not be handled.');
        } else {
          logger.error({ err, method: ctx.method, url: ctx.url }, 'unhandled error');
          ctx.status = 500;
          ctx.body = errorBody('internal_error', INTERNAL_MESSAGE);
        }
      }
      ctx.type = 'application/json';
    }
  };
}
