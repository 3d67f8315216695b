import type { z } from 'zod';
import { isApiErrorCode, type ApiErrorCode } from '@shared/api/error-codes';

/** One of the API's error codes, or the bare status when the answer carried none (a proxy's page). */
export type ApiErrorCodeOrStatus = ApiErrorCode | `${number}`;

/** An API failure carrying the server's human sentence (never raw JSON or a bare status line when avoidable). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCodeOrStatus,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The network itself failed (offline, DNS, server down): the request may be retried later. */
export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(cause: unknown) {
    super('You appear to be offline. Check your connection and try again.', { cause });
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** FormData is sent as is; anything else is sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * The `{ error, message }` of the BFF's error middleware, read field by field (a proxy may answer anything).
 * By hand, not with zod: this module is on the landing page's critical path and in the service worker.
 */
function errorFields(body: unknown): { error?: string; message?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const { error, message } = body as Record<string, unknown>;
  return {
    error: typeof error === 'string' && error ? error : undefined,
    message: typeof message === 'string' && message ? message : undefined,
  };
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  const fields = errorFields(body);
  const code: ApiErrorCodeOrStatus =
    fields.error && isApiErrorCode(fields.error) ? fields.error : `${res.status}`;
  const sentence = fields.message ?? fields.error;
  // "<status>: <body text or status text>" when the server gave no sentence.
  const message = sentence ?? `${res.status}: ${text || res.statusText}`;
  return new ApiError(res.status, code, message, body);
}

/** Sends a request with the session cookie; throws ApiError on a non-OK answer, NetworkError when unreachable. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: payload, credentials: 'include', signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new NetworkError(err);
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

/** A JSON call parsed with the shared zod schema, so the client never trusts an unexpected shape. */
export async function apiJson<T>(
  path: string,
  schema: z.ZodType<T>,
  options: RequestOptions = {},
): Promise<T> {
  const res = await apiRequest(path, options);
  return schema.parse(await res.json());
}

/** Like apiJson, but a 401 (signed out) or a non-JSON answer gives null, as the current-user call needs. */
export async function apiJsonOrNullOn401<T>(path: string, schema: z.ZodType<T>): Promise<T | null> {
  try {
    const res = await apiRequest(path);
    const parsed = schema.safeParse(await res.json().catch(() => null));
    return parsed.success ? parsed.data : null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}
