import { API_ROUTES, publicConfigSchema } from '@shared/api';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../app';
import { createServices } from '../services';
import { useTestApp } from '../../testing/use-test-app';
import { healthDetails } from '../../testing/health';

interface OpenApiDoc {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown> };
}

describe('GET /api/openapi.json and /api/public-config over real HTTP', () => {
  const t = useTestApp({
    env: {
      SUPPORT_EMAIL: 'help@agency.example',
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GOOGLE_CLIENT_ID: 'only-an-id',
    },
  });

  it('serves an OpenAPI 3.1 document with every listed route, its bodies and the error format', async () => {
    const res = await fetch(`${t.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as OpenApiDoc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe(t.deps.config.version);
    expect(doc.components.schemas.Error).toMatchObject({ required: ['error', 'message'] });
    for (const route of API_ROUTES) expect(doc.paths[route.path]?.[route.method]).toBeDefined();
    const contact = doc.paths['/api/contact']?.post;
    expect(contact?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { properties: { category: { default: 'general' } } } } },
    });
    expect(Object.keys(contact?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '429']));
  });

  it('lists every route the BFF serves (the document cannot drift from the routers)', () => {
    const documented = new Set(API_ROUTES.map((r) => `${r.method.toUpperCase()} ${r.path}`));
    const services = createServices(t.deps);
    const served = MODULES.flatMap((mount) =>
      mount(t.deps, services).stack.flatMap((layer) =>
        layer.methods
          .filter((m) => m !== 'HEAD')
          .map((m) => `${m} /api${String(layer.path).replace(/:(\w+)/g, '{$1}')}`),
      ),
    );
    expect(served.length).toBeGreaterThan(10);
    expect(served.filter((r) => !documented.has(r))).toEqual([]);
    // and the other way: a table entry no router serves is a route the PWA would call in vain
    const routed = new Set([...served, 'GET /api/auth/connect/{provider}']); // grant's middleware serves it
    expect([...documented].filter((r) => !routed.has(r))).toEqual([]);
  });

  it('names the support address and exactly the configured sign-in providers', async () => {
    const res = await fetch(`${t.url}/api/public-config`);
    expect(res.status).toBe(200);
    const body = publicConfigSchema.parse(await res.json());
    expect(body).toEqual({
      supportEmail: 'help@agency.example',
      signInProviders: ['GitHub', 'email and password'],
      paymentsEnabled: false,
      stripePublishableKey: null,
      engine: 'preview',
    });
  });
});

describe('GET /api/public-config with an AI provider', () => {
  const t = useTestApp({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' } });

  it('says the engine is the provider, as /api/health does', async () => {
    const config = publicConfigSchema.parse(await (await fetch(`${t.url}/api/public-config`)).json());
    expect(config.engine).toBe('openai');
    const { health } = await healthDetails(t.url);
    expect(health.engine).toBe('openai');
  });
});
