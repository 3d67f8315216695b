import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi';
import { API_ROUTES, findApiRoute } from './routes';

interface Operation {
  responses: Record<
    string,
    { content?: Record<string, { schema?: unknown }>; headers?: Record<string, { description: string }> }
  >;
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema?: Record<string, unknown> }> };
}
interface Doc {
  openapi: string;
  info: { version: string };
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
  paths: Record<string, Record<string, Operation>>;
}

const doc = buildOpenApiDocument({ version: '1.2.3' }) as unknown as Doc;
const operation = (method: string, path: string): Operation => {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`${method} ${path} missing`);
  return op;
};

/** Every value under a `schema` key, anywhere in the document. */
function collectSchemas(node: unknown, found: unknown[] = []): unknown[] {
  if (Array.isArray(node)) for (const item of node) collectSchemas(item, found);
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === 'schema') found.push(value);
      collectSchemas(value, found);
    }
  return found;
}

describe('API_ROUTES', () => {
  it('covers every call of the product and the design', () => {
    const expected = [
      'get /api/auth/user',
      'post /api/auth/login',
      'post /api/auth/register',
      'post /api/auth/logout',
      'get /api/auth/login',
      'post /api/analyze',
      'post /api/demo/stage',
      'get /api/projects/{id}',
      'post /api/projects',
      'get /api/projects',
      'get /api/projects/{id}/status',
      'get /api/projects/{id}/download',
      'delete /api/projects/{id}',
      'get /api/user/limits',
      'post /api/user/profile-image',
      'get /api/user/preferences',
      'put /api/user/preferences',
      'delete /api/user/account',
      'post /api/create-subscription',
      'get /api/health',
      'get /api/projects/{id}/images/{kind}',
      'post /api/stripe/webhook',
      'post /api/billing/portal',
      'get /api/openapi.json',
      'post /api/contact',
      'get /api/projects/{id}/share',
      'post /api/projects/{id}/share',
      'delete /api/projects/{id}/share',
      'get /api/shares/{token}',
      'get /api/shares/{token}/images/{kind}',
      'post /api/properties/{id}/stage',
      'get /api/events',
    ];
    for (const key of expected) {
      const [method, path] = key.split(' ') as [(typeof API_ROUTES)[number]['method'], string];
      expect(findApiRoute(method, path), key).toBeDefined();
    }
  });
  it('lists each method and path once', () => {
    const keys = API_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of API_ROUTES) expect(r.path).toMatch(/^\/api\/[\w\-./{}]+$/);
  });
});

describe('buildOpenApiDocument', () => {
  it('has every route with at least one response', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.2.3');
    for (const r of API_ROUTES) {
      expect(
        Object.keys(operation(r.method, r.path).responses).length,
        `${r.method} ${r.path}`,
      ).toBeGreaterThan(0);
    }
  });
  it('survives a JSON round trip and every schema is an object', () => {
    const copy = JSON.parse(JSON.stringify(doc)) as unknown;
    expect(copy).toEqual(doc);
    const schemas = collectSchemas(doc);
    expect(schemas.length).toBeGreaterThan(30);
    for (const s of schemas) {
      expect(s !== null && typeof s === 'object' && !Array.isArray(s)).toBe(true);
    }
  });
  it('describes the error format once and references it from error answers', () => {
    expect(Object.keys(doc.components.schemas.Error?.properties ?? {})).toEqual(['error', 'message']);
    expect(doc.components.schemas.PaymentRequired?.properties).toHaveProperty('needsSubscription');
    const notSignedIn = operation('get', '/api/projects').responses['401'];
    expect(notSignedIn?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(
      operation('post', '/api/projects').responses['402']?.content?.['application/json']?.schema,
    ).toEqual({
      $ref: '#/components/schemas/PaymentRequired',
    });
  });
  it('gives uploads a binary image part next to the text fields', () => {
    const schema = operation('post', '/api/projects').requestBody?.content['multipart/form-data']?.schema;
    expect(schema?.properties).toMatchObject({
      image: { type: 'string', format: 'binary' },
      customPrompt: { type: 'string', maxLength: 500 },
    });
    expect(schema?.required).toEqual(expect.arrayContaining(['image', 'stagingMode', 'roomType']));
    const analyze = operation('post', '/api/analyze').requestBody?.content['multipart/form-data']?.schema;
    expect(analyze?.required).toEqual(['image']);
  });
  it('documents path and query parameters', () => {
    const images = operation('get', '/api/projects/{id}/images/{kind}').parameters ?? [];
    expect(images.find((p) => p.name === 'kind')).toMatchObject({
      in: 'path',
      required: true,
      schema: { enum: ['original', 'staged', 'thumb', 'changes', 'draft'] },
    });
    expect(images.find((p) => p.name === 'variant')).toMatchObject({ in: 'query', required: false });
    const download = operation('get', '/api/projects/{id}/download').parameters ?? [];
    expect(download.map((p) => `${p.in}:${p.name}`)).toEqual([
      'path:id',
      'query:variant',
      'query:size',
      'query:format',
      'query:mls',
    ]);
    expect(download.find((p) => p.name === 'format')?.schema).toMatchObject({ enum: ['plain', 'listing'] });
    const shareImages = operation('get', '/api/shares/{token}/images/{kind}').parameters ?? [];
    expect(shareImages.map((p) => `${p.in}:${p.name}`)).toEqual(['path:token', 'path:kind', 'query:variant']);
  });
  it('documents the event stream and the data of its events', () => {
    const events = operation('get', '/api/events');
    const schema = events.responses['200']?.content?.['text/event-stream']?.schema as
      { required?: string[] } | undefined;
    expect(schema?.required).toEqual(['projectId', 'status', 'name', 'propertyId', 'changedAt', 'draft']);
    expect(Object.keys(events.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
  });
  it('documents the paged project list: its query and the next-page header', () => {
    const list = operation('get', '/api/projects');
    expect(list.parameters?.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual([
      'query:limit:false',
      'query:before:false',
      'query:q:false',
    ]);
    expect(list.parameters?.find((p) => p.name === 'limit')?.schema).toMatchObject({
      maximum: 100,
      default: 20,
    });
    expect(list.responses['200']?.headers?.['X-Next-Cursor']?.description).toMatch(/before/);
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
  });
});
