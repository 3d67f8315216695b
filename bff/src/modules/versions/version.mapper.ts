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

/** The result versions, oldest first (version 1 derived while there are no others). */
export const resultVersions = (project: ProjectDoc): VersionDoc[] =>
  project.versions ?? (project.status === 'completed' ? [firstVersionOf(project)] : []);

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
    createdAt: project.createdAt.toISOString(),
  };
  const results = resultVersions(project).map((v): ProjectVersion => ({
    number: v.number,
    kind: v.kind,
    instruction: v.instruction,
    imageUrl: versionImageUrl(project._id, v.number),
    current: v.number === current,
    alterations: v.alterations,
    note: v.note,
    madeFrom: v.from ?? null,
    flagged: (v.structure ?? []).some((c) => c.flagged),
    // Version 1 derived from the project carries no mark of its own: the project's says it.
    concept: v.concept === true || (v.number === current && project.concept === true),
    createdAt: v.createdAt.toISOString(),
  }));
  return {
    versions: [original, ...results],
    editing: Boolean(project.edit),
    editError: project.editFailure ? editFailureSentence(project.editFailure) : (project.editError ?? null),
  };
}
