import { randomBytes, randomUUID } from 'node:crypto';
import {
  defaultProjectName,
  distinctName,
  type ColorPalette,
  type RoomType,
  type StagingMode,
  type StylePreset,
} from '@shared/domain';
import type { EngineKind } from '../../ai';
import type { IntakeResult } from '../../images';
import {
  projectBlobKeys,
  projectBlobPrefix,
  type BlobStore,
  type ProjectDoc,
  type QueuePriority,
  type Repositories,
} from '../../store';

export interface NewProjectInput {
  /** Given when something was recorded for the project before it is stored (a credit reservation). */
  id?: string;
  ownerId: string | null;
  name?: string | undefined;
  stagingMode: StagingMode;
  roomType: RoomType;
  stylePreset: StylePreset | null;
  colorPalette: ColorPalette | null;
  customPrompt: string | null;
  engine: EngineKind;
  creditMonth: string | null;
  expiresAt: Date | null;
  /** A photo of a batch run: the run and its size (one summary mail for the run). */
  batch?: { id: string; size: number } | undefined;
  /** From the owner's plan now (Pro first in the queue); demos go last. */
  priority: QueuePriority;
  /** A restaging of a result that changed the room: staged with the strict wording from the start. */
  strict?: boolean;
  /** Staged without the structure lock: a design concept from the start (labelled as one). */
  freeRestyle?: boolean;
  /** The API key the request came with, for the key's usage and the cost report. */
  apiKeyId?: string | null;
}

/** Demo projects are reachable by id alone, so their ids are 192 random bits. */
export const newProjectId = (demo: boolean) => (demo ? randomBytes(24).toString('base64url') : randomUUID());

/** The name asked for, or the room's; an owner's second 'Living Room' becomes 'Living Room 2'. */
async function nameFor(repos: Repositories, input: NewProjectInput): Promise<string> {
  const base = input.name ?? defaultProjectName(input.roomType);
  if (!input.ownerId) return base;
  return distinctName(base, await repos.projects.namesLike(input.ownerId, base));
}

/**
 * Stores the photo's images, then the pending project (which queues the job). If the insert fails the
 * images go too, so a refused or failed request leaves nothing behind.
 */
export async function saveNewProject(
  repos: Repositories,
  blobs: BlobStore,
  input: NewProjectInput,
  intake: IntakeResult,
): Promise<ProjectDoc> {
  const id = input.id ?? newProjectId(input.ownerId === null);
  const keys = projectBlobKeys(id);
  try {
    await blobs.put(keys.original, intake.original.data, intake.original.contentType);
    await blobs.put(keys.thumb, intake.thumb.data, intake.thumb.contentType);
    return await repos.projects.insert({
      _id: id,
      ownerId: input.ownerId,
      name: await nameFor(repos, input),
      stagingMode: input.stagingMode,
      roomType: input.roomType,
      stylePreset: input.stylePreset,
      colorPalette: input.colorPalette,
      customPrompt: input.customPrompt,
      engine: input.engine,
      images: { original: keys.original, thumb: keys.thumb, staged: [] },
      width: intake.original.width,
      height: intake.original.height,
      creditMonth: input.creditMonth,
      expiresAt: input.expiresAt,
      ...(input.batch ? { batchId: input.batch.id, batchSize: input.batch.size } : {}),
      priority: input.priority,
      ...(input.strict ? { strict: true as const } : {}),
      ...(input.freeRestyle ? { freeRestyle: true as const, concept: true as const } : {}),
      ...(input.apiKeyId ? { apiKeyId: input.apiKeyId } : {}),
    });
  } catch (err) {
    await blobs.deletePrefix(projectBlobPrefix(id)).catch(() => undefined);
    throw err;
  }
}
