import { z } from 'zod';
import { apiErrorSchema, paymentRequiredSchema } from './common';
import { API_ROUTES, type ApiRoute, type RouteResponse } from './routes';

type JsonSchema = Record<string, unknown>;

// 'input' describes what a client sends (before defaults/transforms), 'output' what it receives.
const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

const COMPONENTS = new Map<z.ZodType, string>([
  [apiErrorSchema, 'Error'],
  [paymentRequiredSchema, 'PaymentRequired'],
]);

function responseHeaders(r: RouteResponse): JsonSchema {
  if (!r.headers) return {};
  const headers = Object.entries(r.headers).map(([name, description]) => [
    name,
    { description, schema: { type: 'string' } },
  ]);
  return { headers: Object.fromEntries(headers) };
}

function responseObject(r: RouteResponse): JsonSchema {
  const head = { description: r.description, ...responseHeaders(r) };
  if (!r.schema) return r.contentType ? { ...head, content: { [r.contentType]: {} } } : head;
  const component = COMPONENTS.get(r.schema);
  const schema = component ? { $ref: `#/components/schemas/${component}` } : toSchema(r.schema, 'output');
  return { ...head, content: { [r.contentType ?? 'application/json']: { schema } } };
}

function requestBody(route: ApiRoute): JsonSchema | undefined {
  const req = route.request;
  if (req?.json)
    return { required: true, content: { 'application/json': { schema: toSchema(req.json, 'input') } } };
  if (req?.multipart) {
    const fields = toSchema(req.multipart, 'input');
    const properties = {
      ...((fields.properties as JsonSchema | undefined) ?? {}),
      image: { type: 'string', format: 'binary', description: 'The photo: JPEG, PNG or WebP' },
    };
    const required = [...((fields.required as string[] | undefined) ?? []), 'image'];
    return {
      required: true,
      content: { 'multipart/form-data': { schema: { ...fields, type: 'object', properties, required } } },
    };
  }
  if (req?.raw) return { required: true, content: { [req.raw]: {} } };
  return undefined;
}

/** The properties of an object schema as OpenAPI parameters of one location. */
function objectParameters(schema: z.ZodObject | undefined, location: 'query' | 'path'): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const properties = (json.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, { description, ...prop }]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    ...(description ? { description } : {}),
    schema: prop,
  }));
}

function parameters(route: ApiRoute): JsonSchema[] {
  const typed = objectParameters(route.request?.params, 'path');
  const path = [...route.path.matchAll(/\{(\w+)\}/g)].map(
    (m) =>
      typed.find((p) => p.name === m[1]) ?? {
        name: m[1],
        in: 'path',
        required: true,
        schema: { type: 'string' },
      },
  );
  return [...path, ...objectParameters(route.request?.query, 'query')];
}

/** OpenAPI 3.1 for every BFF route, generated from the shared zod schemas. */
export function buildOpenApiDocument({ version }: { version: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of API_ROUTES) {
    const op: JsonSchema = {
      summary: route.summary,
      tags: [route.tag],
      'x-auth': route.auth,
      responses: Object.fromEntries(Object.entries(route.responses).map(([s, r]) => [s, responseObject(r)])),
    };
    const params = parameters(route);
    if (params.length) op.parameters = params;
    const body = requestBody(route);
    if (body) op.requestBody = body;
    if (route.scope) op['x-api-key-scope'] = route.scope;
    // OpenAPI lists alternatives: the PWA's cookie, or a key holding the entry's scope.
    if (route.auth === 'session')
      op.security = route.scope ? [{ session: [] }, { apiKey: [route.scope] }] : [{ session: [] }];
    else if (route.auth === 'optional' && route.scope)
      op.security = [{}, { session: [] }, { apiKey: [route.scope] }];
    (paths[route.path] ??= {})[route.method] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Stagely API',
      version,
      description:
        'The backend-for-frontend of Stagely, also the public API: an API key (`Authorization: Bearer <key>`, made in Settings → API) opens each route that names a scope (`x-api-key-scope`), without cookies or the same-origin rule. Errors are JSON `{ error, message }`; with the cookie, unsafe methods need a same-origin request.',
    },
    servers: [{ url: '/' }],
    components: {
      schemas: Object.fromEntries(
        [...COMPONENTS].map(([schema, name]) => [name, toSchema(schema, 'output')]),
      ),
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'stagely.sid' },
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from Settings → API' },
      },
    },
    paths,
  };
}
