import type { Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';

/** Small JSON/form bodies only; uploads stream through the image intake, the webhook reads its raw body. */
const RAW_BODY_PATHS = new Set(['/api/stripe/webhook']);

export function jsonBody(limit = '64kb'): Middleware {
  const parse = koaBody({
    json: true,
    urlencoded: true,
    text: false,
    multipart: false,
    jsonLimit: limit,
    formLimit: limit,
    jsonStrict: true,
    // DELETE /api/user/account carries its confirmation in a JSON body.
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
  });
  return async (ctx, next) => {
    if (RAW_BODY_PATHS.has(ctx.path)) await next();
    else await parse(ctx, next);
  };
}
