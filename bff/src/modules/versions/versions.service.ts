import { createHash } from 'node:crypto';
import type { EditRequest, VersionList } from '@shared/api';
import {
  ORIGINAL_VERSION,
  VERSION_TEXTS,
  currentUsageMonth,
  editSuits,
  editUnsuitedMessage,
  enhancementInstruction,
  paintColourName,
} from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { AppError, conflict, notFound } from '../../http/errors';
import { imageReader, thumbnailOf, type StoredImage } from '../../images';
import { projectBlobKeys, providerOutputKey, type PendingEditDoc, type ProjectDoc } from '../../store';
import { isPro, monthlyAllowance } from '../limits';
import { paymentRequired, projectNotFound } from '../projects';
import { currentVersionOf, firstVersionOf, resultVersions, toVersionList } from './version.mapper';

/** Where a result's list thumbnail is kept: beside it, under its project's prefix. */
const thumbKeyOf = (key: string) => `${key}-thumb.jpg`;

export type VersionsDeps = Pick<AppDeps, 'config' | 'repos' | 'store' | 'engine' | 'jobSignal'>;

/** The queued form of an edit request: its words, its mask, its preset or colour. */
function pendingEdit(request: EditRequest, from: number, creditMonth: string | null): PendingEditDoc {
  const base = { from, creditMonth };
  switch (request.kind) {
    case 'refine':
      return { ...base, kind: 'refine', instruction: request.instruction };
    case 'remove':
      return { ...base, kind: 'remove', instruction: null, strokes: request.strokes };
    case 'fill':
      return { ...base, kind: 'fill', instruction: request.instruction, strokes: request.strokes };
    case 'paint': {
      const name = paintColourName(request.colour);
      const instruction = enhancementInstruction('paint', name, request.colour);
      return { ...base, kind: 'paint', instruction, preset: name, colour: request.colour };
    }
    default: {
      const instruction = enhancementInstruction(request.kind, request.preset);
      return { ...base, kind: request.kind, instruction, preset: request.preset };
    }
  }
}

/**
 * The flagged edit `request` tries again for free: one whose credit came back, whose free Try again is
 * not taken, of the same kind, and made from the version that is current now (the retry starts where it
 * did). Anything else is charged as any edit.
 */
function freeRetryOf(project: ProjectDoc, request: EditRequest) {
  if (request.retryOf === undefined) return undefined;
  const flagged = resultVersions(project).find((v) => v.number === request.retryOf);
  const owed =
    flagged?.creditBack !== undefined && flagged.freeRetryTaken !== true && flagged.concept !== true;
  return owed && flagged.kind === request.kind && flagged.from === currentVersionOf(project)
    ? flagged.number
    : undefined;
}

const changedMeanwhile = () =>
  conflict('This project changed meanwhile. Please reload it and try again.', 'project_changed');

/** A project's versions: listing, edits through the staging queue, the current one, deletion. */
export function versionsService({ config, repos, store, engine, jobSignal }: VersionsDeps) {
  const readImage = imageReader(store.blobs, config);

  async function owned(userId: string, id: string): Promise<ProjectDoc> {
    const project = await repos.projects.findForOwner(userId, id);
    if (!project) throw projectNotFound();
    return project;
  }
  /** An edit or a change of version needs a finished result and no edit under way. */
  function assertEditable(project: ProjectDoc): void {
    if (project.status !== 'completed' || project.images.staged.length === 0)
      throw conflict(VERSION_TEXTS.notReady, 'not_ready');
    if (project.edit) throw conflict(VERSION_TEXTS.busy, 'edit_in_progress');
  }
  /** A result's list thumbnail, made from it once and kept beside it (it goes with its project). */
  async function versionThumb(key: string): Promise<StoredImage> {
    const thumbKey = thumbKeyOf(key);
    const kept = await readImage(thumbKey, 'private');
    if (kept) return kept;
    const full = await store.blobs.get(key);
    if (!full) throw notFound('Image not found.');
    const thumb = await thumbnailOf(full.data);
    // Not kept (a full disk): this answer still goes, the next one makes it again.
    await store.blobs.put(thumbKey, thumb.data, thumb.contentType).catch(() => undefined);
    return { contentType: thumb.contentType, data: thumb.data };
  }

  const versionOf = (project: ProjectDoc, number: number) => {
    const version = resultVersions(project).find((v) => v.number === number);
    if (!version) throw notFound(VERSION_TEXTS.noVersion);
    return version;
  };

  return {
    async list(userId: string, id: string): Promise<VersionList> {
      return toVersionList(await owned(userId, id));
    },

    async image(userId: string, id: string, number: number, size?: 'thumb'): Promise<StoredImage> {
      const project = await owned(userId, id);
      const original = size === 'thumb' ? project.images.thumb : project.images.original;
      const key = number === ORIGINAL_VERSION ? original : versionOf(project, number).staged[0];
      if (key && size === 'thumb' && number !== ORIGINAL_VERSION) return versionThumb(key);
      const image = key ? await readImage(key, 'private') : null;
      if (!image) throw notFound('Image not found.');
      return image;
    },

    /**
     * Queues an edit of the current version: one credit (Pro unlimited), returned if it fails; none for
     * the one Try again a flagged edit whose credit came back is owed.
     */
    async edit(
      userId: string,
      id: string,
      request: EditRequest,
      key: string | null = null,
    ): Promise<VersionList> {
      const user = await repos.users.findById(userId);
      const project = await owned(userId, id);
      const keyBody = key ? createHash('sha256').update(JSON.stringify(request)).digest('base64url') : null;
      // A resend of an edit already queued or made (a device's queue, after a lost answer): no second one.
      const earlier = key
        ? [project.edit, ...resultVersions(project)].find((v) => v?.key === key)
        : undefined;
      if (earlier) {
        if (earlier.keyBody && earlier.keyBody !== keyBody)
          throw new AppError(422, 'idempotency_key_reused', VERSION_TEXTS.keyReused);
        return toVersionList(project);
      }
      assertEditable(project);
      if (!editSuits(request.kind, project.roomType))
        throw new AppError(422, 'edit_unsuited', editUnsuitedMessage(request.kind));
      if (!engine.edit) throw new AppError(409, 'edits_unavailable', VERSION_TEXTS.noEngine);
      const pro = Boolean(user && isPro(user));
      const month = currentUsageMonth();
      const max = monthlyAllowance(pro);
      const reservation = `${id}:edit:${Date.now()}`;
      const free = freeRetryOf(project, request);
      if (free === undefined && !(await repos.usage.reserveCredit(userId, month, max, reservation)))
        throw paymentRequired();
      const edit = {
        // A free edit holds no credit: nothing to give back if it fails or is flagged in turn.
        ...pendingEdit(request, currentVersionOf(project), free === undefined ? month : null),
        ...(key && keyBody ? { key, keyBody } : {}),
      };
      const queued = await repos.projects.queueEdit(
        userId,
        project,
        edit,
        firstVersionOf(project),
        pro ? 'pro' : 'free',
        free,
      );
      if (!queued) {
        if (free === undefined) await repos.usage.refundReservation(userId, month, reservation);
        throw changedMeanwhile();
      }
      if (free === undefined)
        await repos.usage.settleReservation(userId, month, reservation).catch(() => undefined);
      // A free Try again is shown in the month's credits history; a lost count never undoes the edit.
      else await repos.usage.countFreeRetry(userId, month).catch(() => undefined);
      jobSignal.notify();
      return toVersionList(queued);
    },

    async setCurrent(userId: string, id: string, number: number): Promise<VersionList> {
      const project = await owned(userId, id);
      assertEditable(project);
      const version = versionOf(project, number);
      const updated = await repos.projects.setCurrentVersion(userId, project, version);
      if (!updated) throw changedMeanwhile();
      return toVersionList(updated);
    },

    /** Deletes a result version that is not current, and its images. */
    async remove(userId: string, id: string, number: number): Promise<void> {
      const project = await owned(userId, id);
      if (number === ORIGINAL_VERSION) throw conflict(VERSION_TEXTS.deleteOriginal, 'version_is_original');
      assertEditable(project);
      const version = versionOf(project, number);
      if (number === currentVersionOf(project))
        throw conflict(VERSION_TEXTS.deleteCurrent, 'version_is_current');
      if (!(await repos.projects.deleteVersion(userId, project, number))) throw changedMeanwhile();
      const keys = projectBlobKeys(id);
      const extra =
        number === 1
          ? version.staged.flatMap((_, i) => [keys.changes(i), keys.upscaled4k(i)])
          : [keys.version4k(number), keys.versionChanges(number)];
      const thumbs = version.staged.map(thumbKeyOf);
      const providers = version.staged.map(providerOutputKey);
      for (const key of [...version.staged, ...thumbs, ...providers, ...extra])
        await store.blobs.delete(key).catch(() => undefined);
    },
  };
}
export type VersionsService = ReturnType<typeof versionsService>;
