import { createHash } from 'node:crypto';
import type { Handover } from '@shared/api';
import {
  ALTERATION_CLASSES,
  alterationOf,
  forbiddenClasses,
  mlsProfile,
  photoCaption,
  plateText,
  resultAlterations,
  type AlterationClass,
  type HandoverVariant,
  type MlsProfile,
} from '@shared/domain';
import type { StagingEngine } from '../../ai';
import type { C2paState, PlateSpec, Provenance } from '../../images';
import type { HandoverDoc, ProjectDoc, Repositories } from '../../store';

/**
 * Every disclosure class of the current version: the staging's, then each edit's ('object removed'). A kept
 * concept discloses as one, whatever made it.
 */
export const projectAlterations = (project: ProjectDoc): AlterationClass[] =>
  project.concept ? ['concept'] : resultAlterations(project);
/** The class a record keeps: the latest edit's when it discloses more than the staging did. */
export const projectAlteration = (project: ProjectDoc): AlterationClass =>
  projectAlterations(project).at(-1) ?? alterationOf(project.stagingMode);

const joinLabels = (labels: (string | null)[]) => {
  const kept = [...new Set(labels.filter((l): l is string => Boolean(l)))];
  return kept.length > 0 ? kept.join('; ') : null;
};

/** What an altered file says about itself (XMP): its disclosure, its original and what made it. */
export function provenanceOf(project: ProjectDoc, originalUrl: string | null): Provenance {
  const label = joinLabels(projectAlterations(project).map((c) => ALTERATION_CLASSES[c].label)) ?? 'Edited';
  return { disclosure: label, originalUrl, creatorTool: `Stagely (${project.engine})` };
}

/**
 * Whether the current version shows a design rather than the property under `profile`: a kept concept, or a
 * renovation concept (an edit the MLS keeps out, wall colour on CRMLS). The buyer page labels it so.
 */
export const isConceptFor = (project: ProjectDoc, profile: MlsProfile): boolean =>
  project.concept === true || forbiddenClasses(profile.edits, projectAlterations(project)).length > 0;

/** The MLS a listing's files and pages follow: the property's own choice, else its owner's Settings. */
export async function listingProfile(repos: Repositories, project: ProjectDoc): Promise<MlsProfile> {
  const owner = project.ownerId ?? '';
  const property = project.propertyId ? await repos.properties.findForOwner(owner, project.propertyId) : null;
  return mlsProfile(property?.mlsProfile ?? (await repos.preferences.getMlsProfile(owner)));
}

/** The plate a labelled copy of `project` carries under `profile`; null when nothing needs a label. */
export function plateOf(profile: MlsProfile, project: ProjectDoc, originalUrl: string): PlateSpec | null {
  const label = joinLabels(projectAlterations(project).map((c) => plateText(profile, c)));
  if (!label) return null;
  const link = profile.plate.link ? originalUrl : null;
  return { label, link, corner: profile.plate.corner, ...(profile.aiIcon ? { aiIcon: true } : {}) };
}

export const toHandover = (doc: HandoverDoc): Handover => ({
  originalSha256: doc.originalSha256,
  engine: doc.engine,
  model: doc.model,
  prompt: doc.prompt,
  structure: doc.structure,
  mlsProfile: doc.mlsProfile,
  variant: doc.variant,
  alteration: doc.alteration,
  fileSha256: doc.fileSha256 ?? null,
  downloadedBy: doc.downloadedBy,
  at: doc.at.toISOString(),
  lastAt: (doc.lastAt ?? doc.at).toISOString(),
  count: doc.count ?? 1,
});

export interface HandoverContext {
  repos: Repositories;
  engine: Pick<StagingEngine, 'kind' | 'model'>;
}

/**
 * One file handed over: its rules and variant, who took it, the file (its digest and its C2PA manifest's
 * worth, checked when it was made) and the label and link it carries.
 */
export interface HandoverTake {
  profile: MlsProfile;
  variant: HandoverVariant;
  by: string;
  file: { sha256: string; c2pa: C2paState };
  label: string | null;
  originalUrl: string | null;
}

export const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Keeps the record of one altered image handed over: what it came from, what made it, who took it. */
export async function recordHandover(
  { repos, engine }: HandoverContext,
  project: ProjectDoc,
  originalSha256: string,
  take: HandoverTake,
): Promise<void> {
  const structure = project.structure?.[0];
  const by = (await repos.users.findById(take.by))?.email ?? take.by;
  await repos.handovers.add({
    ownerId: project.ownerId ?? take.by,
    projectId: project._id,
    propertyId: project.propertyId ?? null,
    roomId: project.roomId ?? null,
    originalSha256,
    fileSha256: take.file.sha256,
    c2pa: take.file.c2pa,
    version: project.currentVersion ?? 1,
    alterations: projectAlterations(project),
    label: take.label,
    caption: take.originalUrl
      ? photoCaption(take.profile, projectAlteration(project), take.originalUrl)
      : null,
    engine: project.engine,
    model: engine.kind === project.engine ? engine.model : null,
    prompt: project.customPrompt,
    structure: structure ? (structure.flagged ? 'failed' : 'passed') : 'not checked',
    mlsProfile: take.profile.id,
    variant: take.variant,
    alteration: projectAlteration(project),
    downloadedBy: by,
  });
}
