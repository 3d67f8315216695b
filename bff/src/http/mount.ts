import type { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import {
  API_PREFIX,
  API_ROUTE_TABLE,
  API_ROUTES,
  type ApiRoute,
  type HttpMethod,
  type RouteAuth,
} from '@shared/api';
import type { UserDoc, UsersRepository } from '../store';
import { forbidden, unauthorized } from './errors';
import { apiKeyCaller, sessionUserId } from './session';

type TableRoute = (typeof API_ROUTE_TABLE)[number];
/** The table entry for a method and a path of API_PATHS, with its schemas' own types. */
export type RouteOf<M extends HttpMethod, P extends TableRoute['path']> = Extract<
  TableRoute,
  { method: M; path: P }
>;

type PathParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | PathParamNames<Rest>
  : never;
type RequestOf<R> = R extends { request: infer Q } ? Q : unknown;
type Parsed<Q, K extends string, Otherwise> = Q extends { [k in K]: infer S extends z.ZodType }
  ? z.output<S>
  : Otherwise;

type RouteLike = { path: string; auth: RouteAuth };

/** What the mounting code read and checked before the handler runs, as the table entry declares it. */
export type RouteInput<R extends RouteLike> = {
  params: Parsed<RequestOf<R>, 'params', Record<PathParamNames<R['path']>, string>>;
  query: Parsed<RequestOf<R>, 'query', undefined>;
  body: Parsed<RequestOf<R>, 'json', undefined>;
} & (R['auth'] extends 'session'
  ? { user: UserDoc }
  : R['auth'] extends 'optional'
    ? { userId: string | null }
    : unknown);

/** Returns the body (or undefined when it set the answer itself, e.g. an image). */
export type RouteHandler<R extends RouteLike> = (input: RouteInput<R>, ctx: Context) => unknown;

export interface MountOptions {
  /** Run before the session is checked (the free-space guard refuses an upload first). */
  before?: Middleware[];
  /** The sentence of the 401 for a visitor; the default asks them to sign in. */
  signInMessage?: string;
  /** Runs before the 401 (the sign-in routes drop a stale signed-in hint). */
  onRefused?: (ctx: Context) => void;
  /** Leave the JSON body to the handler (`parseJsonBody`), which looks the record up first. */
  deferBody?: boolean;
}

/** The status of a success: the one 2xx besides 200 when the entry lists one (201, 202), else 200 or its redirect. */
export function successStatus(route: ApiRoute): number {
  const codes = Object.keys(route.responses).map(Number);
  return codes.find((c) => c > 200 && c < 300) ?? codes.find((c) => c >= 200 && c < 400) ?? 200;
}

/** Koa's `:name` form of an OpenAPI path, relative to the /api router. */
export const koaPath = (path: string): string => path.slice(API_PREFIX.length).replace(/\{(\w+)\}/g, ':$1');

/** The JSON body checked against the entry's schema (for handlers mounted with `deferBody`). */
export function parseJsonBody<M extends HttpMethod, P extends TableRoute['path']>(
  method: M,
  path: P,
  ctx: Context,
): RouteInput<RouteOf<M, P>>['body'] {
  return findRoute(method, path).request?.json?.parse(ctx.request.body ?? {}) as RouteInput<
    RouteOf<M, P>
  >['body'];
}

/** A key opens only the routes whose entry names one of its scopes (public reads stay open to anyone). */
function checkKeyScope(route: ApiRoute, ctx: Context): void {
  const caller = apiKeyCaller(ctx);
  if (!caller || (route.auth === 'none' && route.method === 'get')) return;
  if (!route.scope)
    throw forbidden('API keys cannot use this route; sign in to Stagely instead.', 'api_key_scope');
  if (!caller.scopes.includes(route.scope))
    throw forbidden(`This API key lacks the '${route.scope}' scope this route needs.`, 'api_key_scope');
}

async function authOf(
  route: ApiRoute,
  ctx: Context,
  users: Pick<UsersRepository, 'findById'>,
  options: MountOptions,
) {
  checkKeyScope(route, ctx);
  if (route.auth === 'optional') return { userId: sessionUserId(ctx) };
  if (route.auth !== 'session') return {};
  const id = sessionUserId(ctx);
  const user = id ? await users.findById(id) : null;
  if (!user) {
    options.onRefused?.(ctx);
    throw unauthorized(options.signInMessage);
  }
  return { user };
}

function findRoute(method: HttpMethod, path: string): ApiRoute {
  const route = API_ROUTES.find((r) => r.method === method && r.path === path);
  if (!route) throw new Error(`${method.toUpperCase()} ${path} is not in the route table`);
  return route;
}

export type Mount = <M extends HttpMethod, P extends TableRoute['path']>(
  method: M,
  path: P,
  handler: RouteHandler<RouteOf<M, P>>,
  options?: MountOptions,
) => void;

/**
 * Serves entries of the route table on a router: each one's path, auth, params/query/JSON body parsed with its
 * schemas and success status come from the entry; the handler only calls a service and returns the body.
 */
export function routeMounter(router: Router, users: Pick<UsersRepository, 'findById'>): Mount {
  return (method, path, handler, options = {}) => {
    const route = findRoute(method, path);
    const status = successStatus(route);
    const serve: Middleware = async (ctx) => {
      const auth = await authOf(route, ctx, users, options);
      const request = route.request;
      const input = {
        ...auth,
        params: request?.params ? request.params.parse(ctx.params) : (ctx.params as Record<string, string>),
        query: request?.query?.parse(ctx.query),
        body: options.deferBody ? undefined : request?.json?.parse(ctx.request.body ?? {}),
      } as RouteInput<RouteOf<typeof method, typeof path>>;
      ctx.status = status;
      const body = await handler(input, ctx);
      if (body !== undefined) ctx.body = body;
    };
    router.register(koaPath(path), [method], [...(options.before ?? []), serve]);
  };
}
