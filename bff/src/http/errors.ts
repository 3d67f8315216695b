import type { ApiErrorCode } from '@shared/api';

/** A domain or HTTP error with a stable code and a sentence fit to show a user. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: ApiErrorCode = 'bad_request') =>
  new AppError(400, code, message);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'This request is not allowed.', code: ApiErrorCode = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string, code: ApiErrorCode = 'conflict') =>
  new AppError(409, code, message);
export const payloadTooLarge = (message: string) => new AppError(413, 'payload_too_large', message);
export const unsupportedMediaType = (message: string) => new AppError(415, 'unsupported_media_type', message);
export const unprocessable = (message: string, code: ApiErrorCode = 'unprocessable') =>
  new AppError(422, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(
    429,
    'rate_limited',
    message,
    {},
    { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );
export const serviceUnavailable = (message: string, code: ApiErrorCode = 'unavailable') =>
  new AppError(503, code, message);
