import { PUSH_STAGED_TAG, type PushNotification } from '@shared/api';
import {
  cleanDisplayText,
  projectLinkPath,
  propertyLinkPath,
  stagingFailureSentence,
  type StagingFailure,
} from '@shared/domain';

/** The stagings of one owner told since their last quiet spell: one notification says them all. */
export interface StagedBatch {
  staged: number;
  failed: number;
  propertyIds: Set<string | null>;
  lastAt: number;
}

export interface FinishedProject {
  _id: string;
  name: string;
  status: 'completed' | 'failed';
  propertyId?: string | null;
  error: string | null;
  failure?: StagingFailure;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

function titleOf({ staged, failed }: StagedBatch): string {
  if (failed === 0) return staged === 1 ? 'Your photo is staged' : `Your ${staged} photos are staged`;
  if (staged === 0)
    return failed === 1 ? 'A photo could not be staged' : `${failed} photos could not be staged`;
  return `${plural(staged, '1 photo', 'photos')} staged, ${failed} could not be`;
}

function bodyOf(project: FinishedProject, batch: StagedBatch): string {
  const name = `“${cleanDisplayText(project.name).trim() || 'Untitled project'}”`;
  const more = batch.staged - 1;
  if (project.status === 'completed')
    return batch.failed === 0 && more > 0
      ? `${name} and ${more} more are ready to view.`
      : `${name} is ready to view.`;
  const why = project.failure ? stagingFailureSentence(project.failure) : (project.error ?? '');
  return `${name} could not be staged. ${why}`.trim();
}

/** Where a click goes: the project alone, the property all of them belong to, or the workspace. */
function urlOf(project: FinishedProject, batch: StagedBatch): string {
  if (batch.staged + batch.failed === 1) return projectLinkPath(project._id);
  const [only] = [...batch.propertyIds];
  if (batch.propertyIds.size === 1 && only) return propertyLinkPath(only);
  return '/';
}

/** The notification for `project`, the latest of `batch` (which already counts it). */
export function stagedNotification(project: FinishedProject, batch: StagedBatch): PushNotification {
  return {
    title: titleOf(batch),
    body: bodyOf(project, batch),
    tag: PUSH_STAGED_TAG,
    url: urlOf(project, batch),
    count: batch.staged + batch.failed,
  };
}
