import { describe, expect, it } from 'vitest';
import {
  createProjectFieldsSchema,
  demoStageFieldsSchema,
  downloadQuerySchema,
  projectImageQuerySchema,
  projectSchema,
  projectStatusSchema,
} from './projects';

const base = { stagingMode: 'stage', roomType: 'kitchen' };

describe('createProjectFieldsSchema', () => {
  it('drops style and palette for unstage but keeps them for stage and multi-view', () => {
    const fields = { roomType: 'bedroom', stylePreset: 'modern', colorPalette: 'coastal' };
    const unstaged = createProjectFieldsSchema.parse({ ...fields, stagingMode: 'unstage' });
    expect(unstaged.stylePreset).toBeUndefined();
    expect(unstaged.colorPalette).toBeUndefined();
    for (const stagingMode of ['stage', 'multi-view']) {
      expect(createProjectFieldsSchema.parse({ ...fields, stagingMode })).toMatchObject({
        stylePreset: 'modern',
        colorPalette: 'coastal',
      });
    }
  });
  it('treats empty multipart strings as not given', () => {
    const parsed = createProjectFieldsSchema.parse({
      ...base,
      name: '',
      stylePreset: '',
      colorPalette: '',
      customPrompt: '',
    });
    expect(parsed).toEqual({ stagingMode: 'stage', roomType: 'kitchen' });
  });
  it('trims the prompt and the name, and omits a blank prompt', () => {
    const parsed = createProjectFieldsSchema.parse({
      ...base,
      name: '  Loft  ',
      customPrompt: '  warm light \n',
    });
    expect(parsed).toMatchObject({ name: 'Loft', customPrompt: 'warm light' });
    expect(createProjectFieldsSchema.parse({ ...base, customPrompt: ' \t ' }).customPrompt).toBeUndefined();
  });
  it('allows 500 prompt characters after trimming and refuses 501', () => {
    const padded = `   ${'x'.repeat(500)}   `;
    expect(createProjectFieldsSchema.parse({ ...base, customPrompt: padded }).customPrompt).toHaveLength(500);
    expect(createProjectFieldsSchema.safeParse({ ...base, customPrompt: 'x'.repeat(501) }).success).toBe(
      false,
    );
    expect(createProjectFieldsSchema.safeParse({ ...base, name: 'n'.repeat(121) }).success).toBe(false);
  });
  it('refuses unknown enums and a missing room type', () => {
    expect(createProjectFieldsSchema.safeParse({ ...base, stagingMode: 'restyle' }).success).toBe(false);
    expect(createProjectFieldsSchema.safeParse({ ...base, stylePreset: 'baroque' }).success).toBe(false);
    expect(createProjectFieldsSchema.safeParse({ stagingMode: 'stage' }).success).toBe(false);
  });
});

describe('demoStageFieldsSchema', () => {
  it('defaults to stage and modern', () => {
    expect(demoStageFieldsSchema.parse({ roomType: 'bedroom' })).toEqual({
      roomType: 'bedroom',
      stagingMode: 'stage',
      stylePreset: 'modern',
    });
    expect(demoStageFieldsSchema.parse({ roomType: 'bedroom', stylePreset: '' }).stylePreset).toBe('modern');
  });
  it('only stages', () => {
    expect(demoStageFieldsSchema.safeParse({ roomType: 'bedroom', stagingMode: 'unstage' }).success).toBe(
      false,
    );
  });
});

describe('image queries', () => {
  it('reads the variant index from the query string', () => {
    expect(projectImageQuerySchema.parse({ variant: '2' })).toEqual({ variant: 2 });
    expect(projectImageQuerySchema.parse({ variant: '' }).variant).toBeUndefined();
    expect(projectImageQuerySchema.safeParse({ variant: '3' }).success).toBe(false);
    expect(projectImageQuerySchema.safeParse({ variant: '1.5' }).success).toBe(false);
  });
  it('accepts only 4k as a download size', () => {
    expect(downloadQuerySchema.parse({ size: '4k', variant: '0' })).toEqual({ size: '4k', variant: 0 });
    expect(downloadQuerySchema.parse({})).toEqual({});
    expect(downloadQuerySchema.safeParse({ size: '8k' }).success).toBe(false);
  });
});

describe('project answers', () => {
  const project = {
    id: 'p1',
    name: 'Kitchen - Nov 22, 2026',
    status: 'completed',
    progress: '100',
    error: null,
    stagingMode: 'stage',
    roomType: 'kitchen',
    stylePreset: 'modern',
    colorPalette: null,
    customPrompt: null,
    originalImageUrl: '/api/projects/p1/images/original',
    thumbnailUrl: '/api/projects/p1/images/thumb',
    stagedImageUrl: '/api/projects/p1/images/staged',
    variants: ['/api/projects/p1/images/staged'],
    draft: [],
    engine: 'preview',
    structure: [
      {
        score: 0.62,
        flagged: true,
        regions: [{ x: 0.25, y: 0.125, width: 0.375, height: 0.25 }],
        changesUrl: '/api/projects/p1/images/changes',
        changes: [],
        restored: [],
        opinion: null,
      },
    ],
    structureWarning: 'Check the room: its structure may have changed',
    concept: false,
    freeRestyle: false,
    creditReturned: false,
    freeRestage: false,
    isDemo: false,
    metadata: {},
    createdAt: '2026-11-22T12:00:00.000Z',
  };
  it('parses a project and refuses a non-numeric progress', () => {
    expect(projectSchema.parse(project)).toEqual(project);
    expect(projectSchema.safeParse({ ...project, progress: 'half' }).success).toBe(false);
  });
  it('parses the status answer', () => {
    const status = { status: 'failed', progress: '0', stagedImageUrl: null, error: 'Engine unavailable' };
    // An answer from before drafts existed reads as one with no draft.
    expect(projectStatusSchema.parse(status)).toEqual({ ...status, draft: [] });
    expect(projectStatusSchema.safeParse({ ...status, status: 'queued' }).success).toBe(false);
  });
});
