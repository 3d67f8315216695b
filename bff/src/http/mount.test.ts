import { Router } from '@koa/router';
import Koa from 'koa';
import { API_PATHS, API_ROUTES } from '@shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../config';
import type { UserDoc } from '../store';
import { errorMiddleware } from './error-middleware';
import { jsonBody } from './json-body';
import { koaPath, routeMounter, successStatus } from './mount';

const ANN = { _id: 'user-ann', email: 'ann@example.com' } as UserDoc;
const users = { findById: (id: string) => Promise.resolve(id === ANN._id ? ANN : null) };

/** A Koa app with one mounted router; the `x-user` header stands in for the session's user id. */
function appWith(mountAll: (mount: ReturnType<typeof routeMounter>) => void): Koa {
  const app = new Koa();
  const api = new Router({ prefix: '/api' });
  mountAll(routeMounter(api, users));
  app.use(errorMiddleware(createLogger({ LOG_LEVEL: 'silent' })));
  app.use(jsonBody());
  app.use(async (ctx, next) => {
    const id = ctx.get('x-user');
    (ctx as { session?: unknown }).session = id ? { userId: id } : null;
    await next();
  });
  app.use(api.routes());
  return app;
}

describe('routes mounted from the shared table', () => {
  const seen: unknown[] = [];
  let refused = 0;
  let base = '';
  let server: ReturnType<Koa['listen']>;

  beforeAll(async () => {
    const app = appWith((mount) => {
      mount('get', API_PATHS.projects, ({ user, query }) => ({ who: user._id, limit: query.limit }), {
        onRefused: () => (refused += 1),
      });
      mount('put', API_PATHS.batch, ({ body }) => body);
      mount('post', API_PATHS.projectEdits, ({ params }) => ({ id: params.id }));
      mount('post', API_PATHS.projectShare, (_input, ctx) => {
        ctx.status = 200; // 'already shared'
        return { link: 'x' };
      });
      mount(
        'patch',
        API_PATHS.property,
        ({ params }, ctx) => {
          seen.push(params.id, ctx.request.body);
          throw new Error('looked up first');
        },
        { deferBody: true, signInMessage: 'Sign in to change a property.' },
      );
      mount('get', API_PATHS.project, ({ userId, params }) => ({ userId, id: params.id }));
    });
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const call = (method: string, path: string, user?: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(user ? { 'x-user': user } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("answers a visitor and a session whose account is gone 401 on a session route, with the route's sentence", async () => {
    for (const who of [undefined, 'user-gone']) {
      const res = await call('GET', '/api/projects', who);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'unauthorized', message: 'Please sign in to continue.' });
    }
    expect(refused).toBe(2);
    const patch = await call('PATCH', '/api/properties/p1', undefined, { name: 'x' });
    expect(await patch.json()).toMatchObject({ message: 'Sign in to change a property.' });
  });

  it("gives the handler the signed-in user and the query parsed with the entry's schema", async () => {
    const res = await call('GET', '/api/projects?limit=5', ANN._id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ who: ANN._id, limit: 5 });
    const bad = await call('GET', '/api/projects?limit=none', ANN._id);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'validation_error' });
  });

  it('checks the JSON body before the handler, unless the route looks the record up first', async () => {
    expect(await (await call('PUT', '/api/batch', ANN._id, { projectIds: ['a'] })).json()).toEqual({
      projectIds: ['a'],
    });
    const bad = await call('PUT', '/api/batch', ANN._id, { projectIds: 'a' });
    expect(bad.status).toBe(400);
    const deferred = await call('PATCH', '/api/properties/p1', ANN._id, { name: 42 });
    expect(deferred.status).toBe(500);
    expect(seen).toEqual(['p1', { name: 42 }]);
  });

  it("answers with the entry's success status, which a handler may turn into 200", async () => {
    const edit = await call('POST', '/api/projects/p9/edits', ANN._id, {
      kind: 'refine',
      instruction: 'grey sofa',
    });
    expect(edit.status).toBe(202);
    expect(await edit.json()).toEqual({ id: 'p9' });
    expect((await call('POST', '/api/projects/p9/share', ANN._id)).status).toBe(200);
  });

  it('gives an optional-auth route the session user id or null', async () => {
    expect(await (await call('GET', '/api/projects/p2')).json()).toEqual({ userId: null, id: 'p2' });
    expect(await (await call('GET', '/api/projects/p2', 'someone')).json()).toEqual({
      userId: 'someone',
      id: 'p2',
    });
  });

  it('derives the Koa path and one success status for every table entry', () => {
    expect(koaPath('/api/projects/{id}/versions/{number}')).toBe('/projects/:id/versions/:number');
    for (const route of API_ROUTES) {
      const status = successStatus(route);
      expect(route.responses[status], `${route.method} ${route.path}`).toBeDefined();
    }
  });
});
