import {
  apiPath,
  type ImageKind,
  type Project,
  type ProjectStatusResponse,
  type StructureCheckResult,
} from '@shared/api';
import { STRUCTURE_WARNING } from '@shared/domain';
import type { ProjectDoc } from '../../store';

export const projectImageUrl = (id: string, kind: ImageKind, variant?: number) =>
  `${apiPath('projectImage', { id, kind })}${variant === undefined ? '' : `?variant=${variant}`}`;

/** A result's address names its version once there are several: a cached copy is never stale. */
function versionedImageUrl(doc: ProjectDoc, kind: 'staged' | 'changes', variant?: number): string {
  const url = projectImageUrl(doc._id, kind, variant);
  if (doc.currentVersion === undefined) return url;
  return `${url}${url.includes('?') ? '&' : '?'}version=${doc.currentVersion}`;
}
export const stagedImageUrl = (doc: ProjectDoc, variant?: number) =>
  versionedImageUrl(doc, 'staged', variant);

function stagedUrls(doc: ProjectDoc): { staged: string | null; variants: string[] } {
  if (doc.status !== 'completed' || doc.images.staged.length === 0) return { staged: null, variants: [] };
  const staged = stagedImageUrl(doc);
  if (doc.images.staged.length === 1) return { staged, variants: [staged] };
  return { staged, variants: doc.images.staged.map((_, i) => stagedImageUrl(doc, i)) };
}

/** A staging's first look while it is under way (never once finished: only the final is a result). */
export function draftUrls(doc: ProjectDoc): string[] {
  if (doc.status !== 'pending' && doc.status !== 'processing') return [];
  const keys = doc.draft?.staged ?? [];
  return keys.map((_, i) => projectImageUrl(doc._id, 'draft', keys.length > 1 ? i : undefined));
}

/** The structure check of each staged image, once the project is done (none for older results). */
export function structureOf(doc: ProjectDoc): StructureCheckResult[] {
  if (doc.status !== 'completed' || !doc.structure) return [];
  const many = doc.images.staged.length > 1;
  return doc.structure.map(({ score, flagged, regions, changes, restored, opinion }, i) => ({
    score,
    flagged,
    regions,
    changes: changes ?? [],
    restored: restored ?? [],
    opinion: opinion ?? null,
    changesUrl: versionedImageUrl(doc, 'changes', many ? i : undefined),
  }));
}

/** Errors of earlier attempts are not news while a retry is queued: only a failed project shows one. */
const visibleError = (doc: ProjectDoc) =>
  doc.status === 'failed' ? (doc.error ?? 'Processing failed') : null;

/** Its credit came back (every result flagged), and whether its one free Restage is still owed. */
export const creditBackOf = (doc: ProjectDoc): Pick<Project, 'creditReturned' | 'freeRestage'> => ({
  creditReturned: doc.creditBack !== undefined,
  freeRestage: doc.creditBack !== undefined && doc.freeRestageTaken !== true,
});

export function toProjectResponse(doc: ProjectDoc): Project {
  const { staged, variants } = stagedUrls(doc);
  const error = visibleError(doc);
  const structure = structureOf(doc);
  return {
    id: doc._id,
    name: doc.name,
    status: doc.status,
    progress: String(Math.max(0, Math.min(100, Math.round(doc.progress)))),
    error,
    stagingMode: doc.stagingMode,
    roomType: doc.roomType,
    stylePreset: doc.stylePreset,
    colorPalette: doc.colorPalette,
    customPrompt: doc.customPrompt,
    originalImageUrl: projectImageUrl(doc._id, 'original'),
    thumbnailUrl: projectImageUrl(doc._id, 'thumb'),
    stagedImageUrl: staged,
    variants,
    draft: draftUrls(doc),
    engine: doc.engine,
    structure,
    structureWarning: structure.some((s) => s.flagged) ? STRUCTURE_WARNING : null,
    concept: doc.concept === true,
    freeRestyle: doc.freeRestyle === true,
    ...creditBackOf(doc),
    isDemo: doc.ownerId === null,
    metadata: error ? { error } : {},
    createdAt: doc.createdAt.toISOString(),
  };
}

export function toStatusResponse(doc: ProjectDoc): ProjectStatusResponse {
  const p = toProjectResponse(doc);
  return {
    status: p.status,
    progress: p.progress,
    stagedImageUrl: p.stagedImageUrl,
    error: p.error,
    draft: p.draft,
  };
}
