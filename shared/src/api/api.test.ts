import { describe, expect, it } from 'vitest';
import {
  API_ROUTES,
  buildOpenApiDocument,
  createProjectFieldsSchema,
  preferencesUpdateSchema,
  registerRequestSchema,
} from './index';

describe('createProjectFieldsSchema', () => {
  it('drops style and palette for unstage', () => {
    const parsed = createProjectFieldsSchema.parse({
      stagingMode: 'unstage',
      roomType: 'bedroom',
      stylePreset: 'modern',
      colorPalette: 'coastal',
    });
    expect(parsed.stylePreset).toBeUndefined();
    expect(parsed.colorPalette).toBeUndefined();
  });
  it('keeps them for stage, trims the prompt and omits an empty one', () => {
    const parsed = createProjectFieldsSchema.parse({
      stagingMode: 'stage',
      roomType: 'kitchen',
      stylePreset: 'farmhouse',
      colorPalette: '',
      customPrompt: '  warm light  ',
    });
    expect(parsed).toMatchObject({ stylePreset: 'farmhouse', customPrompt: 'warm light' });
    expect(parsed.colorPalette).toBeUndefined();
    expect(
      createProjectFieldsSchema.parse({ stagingMode: 'stage', roomType: 'kitchen', customPrompt: '   ' })
        .customPrompt,
    ).toBeUndefined();
  });
  it('refuses a prompt over 500 characters and unknown enums', () => {
    expect(() =>
      createProjectFieldsSchema.parse({
        stagingMode: 'stage',
        roomType: 'kitchen',
        customPrompt: 'x'.repeat(501),
      }),
    ).toThrow();
    expect(() => createProjectFieldsSchema.parse({ stagingMode: 'restyle', roomType: 'kitchen' })).toThrow();
  });
});

describe('auth and preferences schemas', () => {
  it('normalises the email', () => {
    expect(
      registerRequestSchema.parse({ email: '  Ana@Example.COM ', password: 'long enough 1' }).email,
    ).toBe('ana@example.com');
    expect(() => registerRequestSchema.parse({ email: 'nope', password: 'long enough 1' })).toThrow(
      /valid email/,
    );
  });
  it('needs at least one whole preference group', () => {
    expect(() => preferencesUpdateSchema.parse({})).toThrow();
    expect(() => preferencesUpdateSchema.parse({ inAppNotifications: { tips: false } })).toThrow();
    expect(
      preferencesUpdateSchema.parse({ inAppNotifications: { tips: false, project_completed: true } }),
    ).toBeTruthy();
  });
});

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument({ version: '1.2.3' }) as {
    paths: Record<string, Record<string, { responses: object }>>;
    info: { version: string };
  };
  it('lists every route with at least one response', () => {
    expect(doc.info.version).toBe('1.2.3');
    for (const r of API_ROUTES) {
      const op = doc.paths[r.path]?.[r.method];
      expect(op, `${r.method} ${r.path}`).toBeDefined();
      expect(Object.keys(op!.responses).length).toBeGreaterThan(0);
    }
  });
  it('serialises to JSON with a binary image part for uploads', () => {
    const json = JSON.stringify(doc);
    expect(json).toContain('"format":"binary"');
    expect(JSON.parse(json)).toMatchObject({ openapi: '3.1.0' });
  });
});
