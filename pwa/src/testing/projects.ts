import type { Project } from '@shared/api';

/** A project as the API answers it, for the PWA's tests: 'p1', just created; `over` sets what a test is about. */
export const testProject = (over: Partial<Project> = {}): Project => ({
  id: 'p1',
  name: 'Living Room - Nov 22, 2026',
  status: 'pending',
  progress: '0',
  error: null,
  stagingMode: 'stage',
  roomType: 'living-room',
  stylePreset: 'modern',
  colorPalette: null,
  customPrompt: null,
  originalImageUrl: '/api/projects/p1/images/original',
  thumbnailUrl: '/api/projects/p1/images/thumb',
  stagedImageUrl: null,
  variants: [],
  engine: 'preview',
  structure: [],
  structureWarning: null,
  concept: false,
  freeRestyle: false,
  isDemo: false,
  metadata: {},
  createdAt: '2026-11-22T12:00:00.000Z',
  ...over,
});
