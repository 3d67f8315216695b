import { apiPath, type ProjectVersion, type VersionList } from '@shared/api';
import { FIRST_RESULT_VERSION, ORIGINAL_VERSION, alterationOf, editFailureSentence } from '@shared/domain';
import type { ProjectDoc, VersionDoc } from '../../store';

export const versionImageUrl = (id: string, number: number) =>
  apiPath('projectVersionImage', { id, number: String(number) });

/** Version 1 of a project that has no versions yet: its staging's result, as stored on the project. */
export function firstVersionOf(project: ProjectDoc): VersionDoc {
  return {
    number: FIRST_RESULT_VERSION,
    kind: 'staging',
    instruction: project.customPrompt,
    staged: project.images.staged,
    ...(project.structure ? { structure: project.structure } : {}),
    ...(project.concept ? { concept: true as const } : {}),
    alterations: [alterationOf(project.stagingMode)],
    note: null,
    createdAt: project.completedAt ?? project.createdAt,
  };
}

/**
 * What every reader of a version relies on: a whole number, a kind and a date. A stored version without
 * them (an old or hand-edited record) is left out rather than failing the whole list.
 */
const readable = (v: unknown): v is VersionDoc => {
  if (typeof v !== 'object' || v === null) return false;
  const { number, kind, createdAt } = v as Partial<Record<keyof VersionDoc, unknown>>;
  return Number.isInteger(number) && typeof kind === 'string' && createdAt !== undefined;
};

/** Only the arrays and strings the code wrote: anything else reads as empty. */
const listOf = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);
const dateOf = (value: unknown, fallback: Date): Date =>
  value instanceof Date && !Number.isNaN(value.getTime()) ? value : fallback;

/** The result versions, oldest first (version 1 derived while there are no others). */
export const resultVersions = (project: ProjectDoc): VersionDoc[] =>
  Array.isArray(project.versions)
    ? project.versions.filter(readable).map((v) => ({
        ...v,
        staged: listOf(v.staged).filter((k) => typeof k === 'string'),
        alterations: listOf(v.alterations),
        ...(v.structure === undefined ? {} : { structure: listOf(v.structure) }),
      }))
    : project.status === 'completed'
      ? [firstVersionOf(project)]
      : [];

export const currentVersionOf = (project: ProjectDoc) => project.currentVersion ?? FIRST_RESULT_VERSION;

export function toVersionList(project: ProjectDoc): VersionList {
  const current = currentVersionOf(project);
  const original: ProjectVersion = {
    number: ORIGINAL_VERSION,
    kind: 'original',
    instruction: null,
    imageUrl: versionImageUrl(project._id, ORIGINAL_VERSION),
    current: false,
    alterations: [],
    note: null,
    madeFrom: null,
    flagged: false,
    concept: false,
    creditReturned: false,
    freeRetry: false,
    createdAt: project.createdAt.toISOString(),
  };
  const results = resultVersions(project).map((v): ProjectVersion => ({
    number: v.number,
    kind: v.kind,
    instruction: v.instruction,
    imageUrl: versionImageUrl(project._id, v.number),
    current: v.number === current,
    alterations: v.alterations,
    note: typeof v.note === 'string' ? v.note : null,
    madeFrom: Number.isInteger(v.from) ? (v.from ?? null) : null,
    flagged: (v.structure ?? []).some((c) => c?.flagged === true),
    // Version 1 derived from the project carries no mark of its own: the project's says it.
    concept: v.concept === true || (v.number === current && project.concept === true),
    creditReturned: typeof v.creditBack === 'string',
    freeRetry: typeof v.creditBack === 'string' && v.freeRetryTaken !== true,
    createdAt: dateOf(v.createdAt, project.createdAt).toISOString(),
  }));
  return {
    versions: [original, ...results],
    editing: Boolean(project.edit),
    editError: project.editFailure ? editFailureSentence(project.editFailure) : (project.editError ?? null),
  };
}
