import { STRUCTURE_NOT_FLAGGED_MESSAGE } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { conflict } from '../../http/errors';
import type { ProjectDoc, UserDoc } from '../../store';
import { projectNotFound } from './project-access';
import { imageNotFound, notReady } from './project-images';
import type { CreateResult, ProjectsService } from './projects.service';

/** A room's staging is restaged from its property, so the new result stays that room's. */
export const RESTAGE_ROOM_MESSAGE = "This is a property's room: restage it from the property's Stage panel.";

/** True when one of the project's results failed the structure check (after repair and strict retry). */
export const isFlagged = (project: ProjectDoc): boolean =>
  project.status === 'completed' && (project.structure ?? []).some((c) => c.flagged);

/** True while a flagged result waits for its owner's choice: not listing-ready until then. */
export const awaitsStructureChoice = (project: ProjectDoc, variant = 0): boolean =>
  project.status === 'completed' && project.structure?.[variant]?.flagged === true && !project.concept;

/**
 * What the owner of a result that still changes the room chooses: restage it (a new staging of the same
 * photo and options, charged as any staging) or keep it as a design concept (disclosed as one).
 */
export function structureChoiceService(
  { repos, store }: Pick<AppDeps, 'repos' | 'store'>,
  projects: Pick<ProjectsService, 'create'>,
) {
  return {
    async keepAsConcept(userId: string, id: string): Promise<ProjectDoc> {
      const project = await repos.projects.findForOwner(userId, id);
      if (!project) throw projectNotFound();
      if (!isFlagged(project)) throw conflict(STRUCTURE_NOT_FLAGGED_MESSAGE, 'not_flagged');
      const kept = await repos.projects.keepAsConcept(userId, project);
      if (!kept) throw projectNotFound();
      return kept;
    },

    /** Stages the project's photo again with its options, through the same door (and credit) as an upload. */
    async restage(user: UserDoc, id: string): Promise<CreateResult> {
      const project = await repos.projects.findForOwner(user._id, id);
      if (!project) throw projectNotFound();
      if (project.propertyId) throw conflict(RESTAGE_ROOM_MESSAGE, 'property_room');
      if (project.status !== 'completed' && project.status !== 'failed') throw notReady();
      const original = await store.blobs.get(project.images.original);
      if (!original) throw imageNotFound();
      const fields: Record<string, string> = {
        name: project.name,
        stagingMode: project.stagingMode,
        roomType: project.roomType,
        stylePreset: project.stylePreset ?? '',
        colorPalette: project.colorPalette ?? '',
        customPrompt: project.customPrompt ?? '',
      };
      return projects.create(user, null, () =>
        Promise.resolve({ file: original.data, fileName: 'original.jpg', fields }),
      );
    },
  };
}
