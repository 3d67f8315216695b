import { MIN_PHOTO_SHORT_EDGE, STAGING_FAILURES } from '@shared/domain';
import { EngineError, type StageRequest, type StagingEngine } from '../ai';
import type { Logger } from '../config';
import { storedImageSize } from '../images';
import {
  BlobDamagedError,
  projectBlobKeys,
  projectBlobPrefix,
  type BlobStore,
  type ProjectDoc,
  type Repositories,
  type NewProviderCall,
  type StructureCheckDoc,
} from '../store';
import { costMeter, planOf } from './cost-meter';
import { stageAndCheck } from './stage-and-check';
import { structureDocOf } from './structure-doc';
import { holdLease } from './hold-lease';
import { draftFirst, type DraftFirst } from './draft-first';
import { keepProviderOutput } from './keep-provider-output';

export interface JobSettings {
  workerId: string;
  leaseMs: number;
  /** First retry delay; doubled for each further attempt. */
  retryBaseMs: number;
  /** Attempts for transient engine errors before the job fails for good. */
  maxAttempts: number;
  /** Show a first look (the engine's draft pass) while the final is made (STAGING_DRAFT; absent: no). */
  drafts?: boolean;
  /** How often the progress creeps forward while the engine works. */
  progressTickMs: number;
}

export interface JobDeps {
  repos: Repositories;
  blobs: BlobStore;
  engine: StagingEngine;
  logger: Logger;
  /** Told when the job stored something its owner's pages show before it ends (a draft). */
  changed?: () => void;
}

export type JobOutcome = 'completed' | 'retry' | 'failed' | 'lost' | 'interrupted';

/** Claims beyond the retry budget come from workers dying mid-job (crash loops): stop at some point. */
const EXTRA_CLAIMS_FOR_CRASHES = 2;
const PROGRESS = { claimed: 10, prepared: 30, staging: 60, creepMax: 85, storing: 90 } as const;

class LeaseLost extends Error {
  override name = 'LeaseLost';
}

export function retryDelayMs(attempt: number, baseMs: number): number {
  const exp = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(exp * (0.75 + Math.random() * 0.5));
}

function requestOf(project: ProjectDoc): StageRequest {
  const unstage = project.stagingMode === 'unstage';
  return {
    mode: project.stagingMode,
    roomType: project.roomType,
    stylePreset: unstage ? null : project.stylePreset,
    colorPalette: unstage ? null : project.colorPalette,
    customPrompt: project.customPrompt,
    ...(project.strict ? { strict: true } : {}),
    ...(project.freeRestyle ? { freeRestyle: true } : {}),
  };
}

/** A failure we can name, in its own sentence; `transient` ones (storage hiccups) are worth another attempt. */
const named =
  (message: string, transient: boolean) =>
  (err: unknown): never => {
    throw new EngineError(message, transient, { cause: err });
  };

/**
 * The stored original, checked before an engine sees it: a damaged file, or one smaller than staging
 * needs (stored before uploads were held to the minimum), fails with its own sentence, never retried.
 */
async function readOriginal(blobs: BlobStore, project: ProjectDoc): Promise<Buffer> {
  const original = await blobs.get(project.images.original).catch((err: unknown) => {
    // Damaged bytes stay damaged; a read that failed for another reason may work next time.
    if (err instanceof BlobDamagedError)
      throw new EngineError(STAGING_FAILURES.photoDamaged, false, { cause: err });
    return named(STAGING_FAILURES.storageRead, true)(err);
  });
  if (!original) throw new EngineError(STAGING_FAILURES.photoMissing, false);
  const size = await storedImageSize(original.data);
  if (!size) throw new EngineError(STAGING_FAILURES.photoUnreadable, false);
  if (Math.min(size.width, size.height) < MIN_PHOTO_SHORT_EDGE)
    throw new EngineError(STAGING_FAILURES.photoTooSmall, false);
  return original.data;
}

/**
 * The staged image of the room this one is styled after, when the engine can use it. No reference (not
 * finished, failed, deleted, unreadable) only means this room is staged on its own: never a failure.
 */
async function readReference(deps: JobDeps, project: ProjectDoc): Promise<Buffer | null> {
  const { repos, blobs, engine, logger } = deps;
  if (!project.styleReferenceId || !engine.takesReferenceImage) return null;
  try {
    const reference = await repos.projects.findById(project.styleReferenceId);
    const key = reference?.status === 'completed' ? reference.images.staged[0] : undefined;
    if (!key) return null;
    return (await blobs.get(key))?.data ?? null;
  } catch (err) {
    logger.warn({ err, projectId: project._id }, 'style reference unreadable; staging without it');
    return null;
  }
}

/**
 * Works one claimed project to its end. Every write is conditional on still holding the lease, so a
 * worker that lost its job (lease expired, another worker took it) can never complete it a second time.
 */
export async function runJob(
  deps: JobDeps,
  settings: JobSettings,
  project: ProjectDoc,
  stopSignal: AbortSignal,
): Promise<JobOutcome> {
  const { repos, blobs, engine, logger } = deps;
  const { workerId, leaseMs } = settings;
  const id = project._id;
  const claimedAt = Date.now();
  const log = logger.child({ projectId: id, workerId, attempt: project.attempts });
  const lease = holdLease(repos.projects, { id, workerId, leaseMs }, stopSignal);
  let progress = 0;
  const setProgress = async (value: number) => {
    if (!(await repos.projects.updateProgress(id, workerId, value))) throw new LeaseLost();
    progress = value;
  };
  let creep: NodeJS.Timeout | undefined;
  let draft: DraftFirst | undefined;
  // Rooms styled after this one go once it is finished; what this misses, the housekeeping releases.
  const releaseWaiting = () =>
    repos.projects.releaseWaiting(id).catch((err: unknown) => {
      log.warn({ err }, 'rooms waiting for this job not released yet');
      return 0;
    });

  try {
    if (project.attempts > settings.maxAttempts + EXTRA_CLAIMS_FOR_CRASHES) {
      throw new EngineError(STAGING_FAILURES.interrupted, false);
    }
    await setProgress(PROGRESS.claimed);
    const original = await readOriginal(blobs, project);
    const request = requestOf(project);
    const plan = await planOf(repos, project);
    const meterFor = (purpose: Exclude<NewProviderCall['purpose'], 'upscale'>) =>
      costMeter(repos, log, { purpose, plan, mode: project.stagingMode, projectId: id });
    request.tier = plan;
    // A job's later attempt pays again for what the earlier one may have been billed: it says so.
    request.meter = meterFor(project.attempts > 1 ? 'retry' : 'staging');
    if (request.roomType === 'other') {
      // The user did not say which room: a detected type makes a better prompt (never stored).
      const detected = await engine.analyze(original, lease.signal, meterFor('analysis')).catch(() => null);
      if (detected) request.roomType = detected.roomType;
    }
    const reference = await readReference(deps, project);
    if (reference) request.referenceImage = reference;
    await setProgress(PROGRESS.prepared);

    await setProgress(PROGRESS.staging);
    creep = setInterval(() => {
      if (progress < PROGRESS.creepMax)
        setProgress(Math.min(PROGRESS.creepMax, progress + 3)).catch(() => undefined);
    }, settings.progressTickMs);
    const size = { width: project.width, height: project.height };
    // A first look while the final is made: its own pass, metered apart, never a result. A demo's page
    // shows only the final, so a demo makes none.
    draft =
      settings.drafts && engine.draftPass && project.ownerId
        ? draftFirst({
            engine,
            repos,
            blobs,
            log,
            projectId: id,
            workerId,
            original,
            size,
            signal: lease.signal,
            meter: meterFor('draft'),
            ...(deps.changed ? { announce: deps.changed } : {}),
          })
        : undefined;
    const results = await stageAndCheck(
      {
        engine,
        log,
        original,
        size,
        signal: lease.signal,
        strictMeter: meterFor('strict-retry'),
        reviewMeter: meterFor('second-opinion'),
      },
      request,
      (locked) => draft?.start(locked),
    );
    clearInterval(creep);
    if (lease.signal.aborted) throw new LeaseLost();

    await setProgress(PROGRESS.storing);
    const keys = projectBlobKeys(id);
    const staged: string[] = [];
    const structure: StructureCheckDoc[] = [];
    for (const [i, { image, check, restored, opinion, provider }] of results.entries()) {
      await blobs
        .put(keys.staged(i), image.data, image.contentType)
        .catch(named(STAGING_FAILURES.storageWrite, true));
      await keepProviderOutput(blobs, keys.staged(i), provider);
      staged.push(keys.staged(i));
      if (!check) continue;
      await blobs
        .put(keys.changes(i), check.mask, 'image/png')
        .catch(named(STAGING_FAILURES.storageWrite, true));
      structure.push(structureDocOf(check, keys.changes(i), restored, opinion));
    }
    // Checked results only all together: a score never belongs to another variant's image.
    const checked = structure.length === staged.length ? structure : undefined;
    const flagged = structure.filter((c) => c.flagged).length;
    // Nothing listing-ready came out (every result flagged): the staging is on us, given back with the
    // completion itself (exactly once). A free restyle was asked as a design concept, so its changes are what
    // was asked for.
    const allFlagged = checked !== undefined && flagged === staged.length && !project.freeRestyle;
    const creditBack = allFlagged && project.ownerId ? (project.creditMonth ?? undefined) : undefined;
    if (!(await repos.projects.complete(id, workerId, staged, checked, creditBack))) {
      // Deleted while we worked: nothing may keep its images. Otherwise another worker owns it now.
      if (!(await repos.projects.findById(id))) await blobs.deletePrefix(projectBlobPrefix(id));
      log.warn('job lost its lease before completing');
      return 'lost';
    }
    await releaseWaiting();
    const styled = Boolean(request.referenceImage);
    if (creditBack && project.ownerId) await repos.usage.releaseCredit(project.ownerId, creditBack);
    // How long it waited in the queue and how long it ran: what an operator sizes WORKER_CONCURRENCY by.
    const timing = { queuedMs: claimedAt - project.createdAt.getTime(), ranMs: Date.now() - claimedAt };
    log.info({ engine: engine.kind, variants: staged.length, styled, flagged, ...timing }, 'job completed');
    return 'completed';
  } catch (err) {
    if (stopSignal.aborted) {
      // A graceful shutdown: hand the job straight back to the queue.
      await repos.projects.retryLater(id, workerId, new Date(), 'Interrupted by a restart.');
      log.info('job handed back on shutdown');
      return 'interrupted';
    }
    if (err instanceof LeaseLost || lease.signal.aborted) {
      log.warn('job lost its lease');
      return 'lost';
    }
    const failure = err instanceof EngineError ? err : new EngineError(STAGING_FAILURES.unexpected, false);
    if (!(err instanceof EngineError)) log.error({ err }, 'job crashed');
    if (failure.transient && project.attempts < settings.maxAttempts) {
      const at = new Date(Date.now() + retryDelayMs(project.attempts, settings.retryBaseMs));
      await repos.projects.retryLater(id, workerId, at, failure.message);
      log.warn({ reason: failure.message, retryAt: at }, 'job will be retried');
      return 'retry';
    }
    const reason = failure.transient
      ? `${failure.message} We tried ${project.attempts} times; please try again later.`
      : failure.message;
    const creditReturned = Boolean(project.ownerId && project.creditMonth);
    if (!(await repos.projects.fail(id, workerId, { reason, creditReturned }))) return 'lost';
    // Only the first taker gets the refund, so a credit is never returned twice.
    const refund = await repos.projects.takeCreditForRefund(id);
    if (refund) await repos.usage.releaseCredit(refund.ownerId, refund.creditMonth);
    await releaseWaiting();
    log.warn({ reason: failure.message }, 'job failed');
    return 'failed';
  } finally {
    lease.release();
    if (creep) clearInterval(creep);
    // After the final's completion (which removes the draft from the project), so no draft is missing meanwhile.
    await draft?.settle();
  }
}
