import type { Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { API_ROUTES, pathTemplatePattern } from '@shared/api';
import { badRequest } from './errors';
import { readRawBody } from './read-raw-body';

/** Routes that read their own body: uploads stream through the image intake, the webhook reads raw bytes. */
const OWN_BODY = API_ROUTES.filter((r) => r.request?.multipart || r.request?.raw).map((r) => ({
  method: r.method.toUpperCase(),
  path: pathTemplatePattern(r.path),
}));
const readsOwnBody = (method: string, path: string) =>
  OWN_BODY.some((r) => r.method === method && r.path.test(path));

const PARSED_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The parser's own 4xx (413, 415, bad JSON) stand; anything else it throws (a corrupt gzip stream) is a 400. */
function unreadable(err: unknown): unknown {
  const status = (err as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return err;
  return badRequest('The request could not be read. Please check it and try again.', 'unreadable_body');
}

/**
 * Small JSON/form bodies only, on every other route (unknown ones included). A body of another type is
 * never used, but one over the limit gets the same 413, so the answer does not depend on the type sent.
 */
export function jsonBody(limit = 64 * 1024): Middleware {
  const parse = koaBody({
    json: true,
    urlencoded: true,
    text: false,
    multipart: false,
    jsonLimit: limit,
    formLimit: limit,
    jsonStrict: true,
    // DELETE /api/user/account carries its confirmation in a JSON body.
    parsedMethods: PARSED_METHODS.map((m) => HttpMethodEnum[m as keyof typeof HttpMethodEnum]),
  });
  return async (ctx, next) => {
    if (!PARSED_METHODS.includes(ctx.method) || readsOwnBody(ctx.method, ctx.path)) {
      await next();
      return;
    }
    try {
      if (ctx.is('json', 'urlencoded')) await parse(ctx, () => Promise.resolve());
      // Read only to be counted: no route takes it, but its size gets the same answer as a JSON body's.
      else await readRawBody(ctx.req, limit);
    } catch (err) {
      throw unreadable(err);
    }
    await next();
  };
}
