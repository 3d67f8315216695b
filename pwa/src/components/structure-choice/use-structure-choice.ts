import type { Project } from '@shared/api';
import { restagedName, STRUCTURE_KEPT } from '@shared/domain';
import { failureToast, showConfirmation } from '../toast';
import { openPaywall } from '../paywall';
import { needsSubscription, useKeepAsConcept, useRestageProject } from '../../api/projects';
import { STRUCTURE_CHOICE_TOASTS } from './structure-choice-texts';

/** What the choice reads of a staging: a workspace project or a property room's latest staging. */
export type ChoiceSubject = Pick<Project, 'id' | 'status' | 'concept'> &
  Partial<Pick<Project, 'creditReturned' | 'freeRestage'>> & {
    structure?: Project['structure'] | undefined;
    /** A workspace project's name: the restaging's new project is named after it. */
    name?: string;
  };

/**
 * The owner's choice for a result that still changes the room: restage it (as any staging, a credit) or
 * keep it as a design concept. `awaits` is true while neither was chosen; `onChosen` follows either;
 * `restagingText` is what the toast says once the restaging started.
 */
export function useStructureChoice(
  project: ChoiceSubject | null,
  onRestaged?: (project: Project) => void,
  onChosen?: () => void,
  restagingText: string = STRUCTURE_CHOICE_TOASTS.restaging.description,
) {
  const keepMutation = useKeepAsConcept();
  const restageMutation = useRestageProject();
  const awaits = Boolean(
    project &&
    project.status === 'completed' &&
    !project.concept &&
    (project.structure ?? []).some((c) => c.flagged),
  );

  /** Resolves true once kept. */
  const keep = async (): Promise<boolean> => {
    if (!project) return false;
    try {
      await keepMutation.mutateAsync(project.id);
      void showConfirmation(STRUCTURE_KEPT);
      onChosen?.();
      return true;
    } catch (err) {
      failureToast(STRUCTURE_CHOICE_TOASTS.keepFailed)(err);
      return false;
    }
  };

  const restage = () => {
    if (!project) return;
    restageMutation.mutate(project.id, {
      onSuccess: (created) => {
        void showConfirmation({ title: STRUCTURE_CHOICE_TOASTS.restaging.title, description: restagingText });
        onRestaged?.(created);
        onChosen?.();
      },
      onError: (err) => {
        if (needsSubscription(err)) return openPaywall();
        failureToast(STRUCTURE_CHOICE_TOASTS.restageFailed)(err);
      },
    });
  };

  return {
    awaits,
    /** What the restaging's project will be called (null: a property's room, which keeps its slot). */
    restagedName: project?.name ? restagedName(project.name) : null,
    concept: project?.concept === true,
    /** Every result was flagged, so its credit came back (until kept as a concept). */
    creditBack: project?.creditReturned === true,
    /** Its one Restage is still free. */
    freeRestage: project?.freeRestage === true,
    keep,
    restage,
    keeping: keepMutation.isPending,
    restaging: restageMutation.isPending,
  };
}
export type StructureChoice = ReturnType<typeof useStructureChoice>;
