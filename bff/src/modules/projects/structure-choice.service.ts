import {
  currentUsageMonth,
  DEFAULT_STYLE_PRESET,
  FIRST_RESULT_VERSION,
  KEEP_CONCEPT_NO_CREDIT_MESSAGE,
  restagedName,
  STRUCTURE_NOT_FLAGGED_MESSAGE,
} from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { AppError, conflict } from '../../http/errors';
import { isPro, monthlyAllowance } from '../limits';
import type { ProjectDoc, UserDoc } from '../../store';
import type { PropertyStagingService } from '../property-staging';
import { projectNotFound } from './project-access';
import { imageNotFound, notReady } from './project-images';
import type { CreateResult, ProjectsService } from './projects.service';

/** True when one of the project's results failed the structure check (after repair and strict retry). */
export const isFlagged = (project: ProjectDoc): boolean =>
  project.status === 'completed' && (project.structure ?? []).some((c) => c.flagged);

/** The credit that came back for the current result (a flagged edit's, or the staging's), taken again if it is kept. */
const creditToRetake = (project: ProjectDoc): string | undefined => {
  const current = project.currentVersion ?? FIRST_RESULT_VERSION;
  if (current === FIRST_RESULT_VERSION) return project.creditBack;
  return project.versions?.find((v) => v.number === current)?.creditBack;
};

/** True while a flagged result waits for its owner's choice: not listing-ready until then. */
export const awaitsStructureChoice = (project: ProjectDoc, variant = 0): boolean =>
  project.status === 'completed' && project.structure?.[variant]?.flagged === true && !project.concept;

/**
 * What the owner of a result that still changes the room chooses: restage it (a new staging of the same
 * photo and options, charged as any staging, free once when its credit came back) or keep it as a design
 * concept (disclosed as one; a credit that came back is taken again, since the result is used after all).
 */
export function structureChoiceService(
  deps: Pick<AppDeps, 'repos' | 'store'>,
  projects: Pick<ProjectsService, 'create'>,
  rooms: PropertyStagingService,
) {
  const { repos, store } = deps;

  /** A property's room is staged again as its own room (same slot, same look), strictly, for one credit. */
  async function restageRoom(
    user: UserDoc,
    project: ProjectDoc & { propertyId: string; roomId: string },
    free: boolean,
    key: string | null,
  ) {
    const property = await rooms.ownProperty(user, project.propertyId);
    const request = {
      roomIds: [project.roomId],
      stylePreset: project.stylePreset ?? DEFAULT_STYLE_PRESET,
      ...(project.colorPalette ? { colorPalette: project.colorPalette } : {}),
      customPrompt: project.customPrompt ?? undefined,
    };
    const { response } = await rooms.stage(user, property, request, key && `restage ${project._id} ${key}`, {
      strict: true,
      free,
    });
    const made =
      response.rooms[0] && (await repos.projects.findForOwner(user._id, response.rooms[0].projectId));
    if (!made) throw projectNotFound();
    return { project: made };
  }

  return {
    async keepAsConcept(user: UserDoc, id: string): Promise<ProjectDoc> {
      const userId = user._id;
      const project = await repos.projects.findForOwner(userId, id);
      if (!project) throw projectNotFound();
      if (!isFlagged(project)) throw conflict(STRUCTURE_NOT_FLAGGED_MESSAGE, 'not_flagged');
      const month = creditToRetake(project);
      if (month && !(await repos.usage.retakeCredit(userId, month, monthlyAllowance(isPro(user)))))
        throw new AppError(402, 'needs_subscription', KEEP_CONCEPT_NO_CREDIT_MESSAGE, {
          needsSubscription: true,
        });
      const kept = await repos.projects.keepAsConcept(userId, project);
      if (!kept) {
        // Kept (or changed) by another request meanwhile: the credit taken here goes back.
        if (month) await repos.usage.releaseCredit(userId, month);
        throw projectNotFound();
      }
      return kept;
    },

    /**
     * Stages the project's photo again with its options, strictly, through the same door (and credit) as an upload;
     * a property's room through its property's, so the new staging stays that room's.
     */
    async restage(
      user: UserDoc,
      id: string,
      key: string | null = null,
    ): Promise<Pick<CreateResult, 'project'>> {
      const project = await repos.projects.findForOwner(user._id, id);
      if (!project) throw projectNotFound();
      if (project.status !== 'completed' && project.status !== 'failed') throw notReady();
      const free = await repos.projects.takeFreeRestage(user._id, id);
      let made: Pick<CreateResult, 'project'>;
      try {
        made = await restageOf(user, project, free, key);
      } catch (err) {
        if (free) await repos.projects.returnFreeRestage(user._id, id);
        throw err;
      }
      // Shown in the month's credits history; a count that cannot be written never undoes the restage.
      if (free) await repos.usage.countFreeRetry(user._id, currentUsageMonth()).catch(() => undefined);
      return made;
    },
  };

  async function restageOf(
    user: UserDoc,
    project: ProjectDoc,
    free: boolean,
    key: string | null,
  ): Promise<Pick<CreateResult, 'project'>> {
    const { propertyId, roomId } = project;
    if (propertyId && roomId) return restageRoom(user, { ...project, propertyId, roomId }, free, key);
    const original = await store.blobs.get(project.images.original);
    if (!original) throw imageNotFound();
    const fields: Record<string, string> = {
      name: restagedName(project.name),
      stagingMode: project.stagingMode,
      roomType: project.roomType,
      stylePreset: project.stylePreset ?? '',
      colorPalette: project.colorPalette ?? '',
      customPrompt: project.customPrompt ?? '',
    };
    // As strictly worded as a property room's restaging: the last result changed the room.
    // A retried restage (same key) answers the project the first one made, and spends once.
    return projects.create(
      user,
      key && `restage ${project._id} ${key}`,
      () => Promise.resolve({ file: original.data, fileName: 'original.jpg', fields }),
      null,
      { strict: true, free },
    );
  }
}
