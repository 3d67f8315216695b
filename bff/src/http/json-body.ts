import type { Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { API_ROUTES, type ApiRoute } from '@shared/api';
import { readRawBody } from './read-raw-body';

const pattern = (r: ApiRoute) =>
  new RegExp(`^${r.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);
/** Routes that read their own body: uploads stream through the image intake, the webhook reads raw bytes. */
const OWN_BODY = API_ROUTES.filter((r) => r.request?.multipart || r.request?.raw).map((r) => ({
  method: r.method.toUpperCase(),
  path: pattern(r),
}));
const readsOwnBody = (method: string, path: string) =>
  OWN_BODY.some((r) => r.method === method && r.path.test(path));

const PARSED_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

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
    if (ctx.is('json', 'urlencoded')) {
      await parse(ctx, next);
      return;
    }
    // Read only to be counted: no route takes it, but its size gets the same answer as a JSON body's.
    await readRawBody(ctx.req, limit);
    await next();
  };
}
