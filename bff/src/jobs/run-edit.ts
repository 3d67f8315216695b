import { EDIT_KIND_TABLE, STAGING_FAILURES, VERSION_TEXTS, resultAlterations } from '@shared/domain';
import { EngineError, type EditRequest } from '../ai';
import {
  compositeEdit,
  providerOutputOf,
  regionInWords,
  renderPaintMask,
  resizedLossless,
  storedImageSize,
  type PaintMask,
} from '../images';
import {
  projectBlobKeys,
  providerOutputKey,
  type ProjectDoc,
  type StructureCheckDoc,
  type VersionDoc,
} from '../store';
import { costMeter, planOf } from './cost-meter';
import { retryDelayMs, type JobDeps, type JobOutcome, type JobSettings } from './run-job';
import { holdLease } from './hold-lease';
import { meantBy } from './edit-intent';
import { checkEdit } from './stage-and-check';
import { structureDocOf } from './structure-doc';
import { keepProviderOutput } from './keep-provider-output';

const named =
  (message: string, transient: boolean) =>
  (err: unknown): never => {
    throw new EngineError(message, transient, { cause: err });
  };

/**
 * Makes the project's queued edit: reads the current version, asks the engine, lays a removal back into
 * the image through its feathered mask, stores the new version and makes it current. A failure leaves
 * the project as it was (completed, with its result) and gives the edit's credit back.
 */
export async function runEdit(
  deps: JobDeps,
  settings: JobSettings,
  project: ProjectDoc,
  stopSignal: AbortSignal,
): Promise<JobOutcome> {
  const { repos, blobs, engine, logger } = deps;
  const { workerId, leaseMs } = settings;
  const id = project._id;
  const edit = project.edit;
  const log = logger.child({ projectId: id, workerId, attempt: project.attempts, edit: edit?.kind });
  const lease = holdLease(repos.projects, { id, workerId, leaseMs }, stopSignal);
  try {
    if (!edit) throw new EngineError(STAGING_FAILURES.unexpected, false);
    if (!engine.edit) throw new EngineError(VERSION_TEXTS.noEngine, false);
    if (project.attempts > settings.maxAttempts + 2)
      throw new EngineError(STAGING_FAILURES.interrupted, false);
    const key = project.images.staged[0];
    const stored = key ? await blobs.get(key).catch(named(STAGING_FAILURES.storageRead, true)) : null;
    if (!stored) throw new EngineError(STAGING_FAILURES.photoMissing, false);
    const size = await storedImageSize(stored.data);
    if (!size) throw new EngineError(STAGING_FAILURES.photoUnreadable, false);
    let mask: PaintMask | null = null;
    const kind = EDIT_KIND_TABLE[edit.kind];
    if (kind.mask) mask = await renderPaintMask(edit.strokes ?? [], size.width, size.height);
    const plan = await planOf(repos, project);
    const request: EditRequest = {
      kind: edit.kind,
      instruction: edit.instruction,
      ...(edit.preset ? { preset: edit.preset } : {}),
      ...(edit.colour ? { colour: edit.colour } : {}),
      roomType: project.roomType,
      tier: plan,
      meter: costMeter(repos, log, {
        purpose: project.attempts > 1 ? 'retry' : 'staging',
        plan,
        mode: project.stagingMode,
        projectId: id,
      }),
      ...(mask ? { mask, region: regionInWords(mask) } : {}),
    };
    const output = await engine.edit(stored.data, request, lease.signal);
    if (lease.signal.aborted) throw new EngineError(STAGING_FAILURES.interrupted, true);
    // Read before the composite re-encodes it: the output's own manifest goes with the version.
    const provider = await providerOutputOf(output.image, `${engine.kind}-edit-output`);
    // Only the painted area (and its feathered margin) may change: the rest is the current image's own.
    // An enhancement's region is the engine's to find (sky, walls, floor); the structure check judges it.
    const made = mask
      ? await compositeEdit(stored.data, output.image, mask)
      : await resizedLossless(output.image, size);
    const number =
      Math.max(1, project.lastVersion ?? 0, ...(project.versions ?? []).map((v) => v.number)) + 1;
    const keys = projectBlobKeys(id);
    const checked = await checkEdit(
      { engine, log, original: stored.data, size, signal: lease.signal },
      made,
      request.meter,
      meantBy(edit.kind, mask, project.roomType),
    );
    if (lease.signal.aborted) throw new EngineError(STAGING_FAILURES.interrupted, true);
    // A repair comes back as a JPEG: versions are stored lossless.
    const image = checked.restored.length ? await resizedLossless(checked.image.data, size) : made;
    const versionKey = keys.version(number);
    await blobs.put(versionKey, image, 'image/png').catch(named(STAGING_FAILURES.storageWrite, true));
    await keepProviderOutput(blobs, versionKey, provider);
    let structure: StructureCheckDoc[] | undefined;
    if (checked.check) {
      await blobs
        .put(keys.versionChanges(number), checked.check.mask, 'image/png')
        .catch(named(STAGING_FAILURES.storageWrite, true));
      structure = [
        structureDocOf(checked.check, keys.versionChanges(number), checked.restored, checked.opinion),
      ];
    }
    // A flagged edit not made from a kept concept is on us: its credit comes back with the completion's write.
    const flagged = structure?.[0]?.flagged === true;
    const creditBack =
      flagged && !project.concept && project.ownerId ? (edit.creditMonth ?? undefined) : undefined;
    const base = resultAlterations(project);
    const alterations = kind.alteration ? [...new Set([...base, kind.alteration])] : base;
    const version: VersionDoc = {
      number,
      kind: edit.kind,
      instruction: edit.instruction,
      staged: [versionKey],
      ...(structure ? { structure } : {}),
      from: edit.from,
      // Made from a kept concept, it still shows the room changed: a concept too.
      ...(project.concept ? { concept: true as const } : {}),
      alterations,
      note: output.note,
      createdAt: new Date(),
      ...(edit.key ? { key: edit.key } : {}),
      ...(edit.keyBody ? { keyBody: edit.keyBody } : {}),
      ...(creditBack ? { creditBack } : {}),
    };
    if (!(await repos.projects.completeEdit(id, workerId, version))) {
      await blobs.delete(versionKey).catch(() => undefined);
      await blobs.delete(providerOutputKey(versionKey)).catch(() => undefined);
      await blobs.delete(keys.versionChanges(number)).catch(() => undefined);
      log.warn('edit lost its lease before completing');
      return 'lost';
    }
    // Only the holder of the job completes it once: the credit is never returned twice.
    if (creditBack && project.ownerId) await repos.usage.releaseCredit(project.ownerId, creditBack);
    log.info(
      { engine: engine.kind, version: number, flagged, creditBack, restored: checked.restored },
      'edit completed',
    );
    return 'completed';
  } catch (err) {
    if (stopSignal.aborted) {
      await repos.projects.retryEdit(id, workerId, new Date());
      return 'interrupted';
    }
    if (lease.signal.aborted) return 'lost';
    const failure = err instanceof EngineError ? err : new EngineError(STAGING_FAILURES.unexpected, false);
    if (!(err instanceof EngineError)) log.error({ err }, 'edit crashed');
    if (failure.transient && project.attempts < settings.maxAttempts) {
      const at = new Date(Date.now() + retryDelayMs(project.attempts, settings.retryBaseMs));
      await repos.projects.retryEdit(id, workerId, at);
      log.warn({ reason: failure.message, retryAt: at }, 'edit will be retried');
      return 'retry';
    }
    const creditReturned = Boolean(edit?.creditMonth && project.ownerId);
    const before = await repos.projects.failEdit(id, workerId, { reason: failure.message, creditReturned });
    if (!before) return 'lost';
    // Only the holder of the job gets here once: the credit is never returned twice.
    if (before.ownerId && before.edit?.creditMonth)
      await repos.usage.releaseCredit(before.ownerId, before.edit.creditMonth);
    log.warn({ reason: failure.message }, 'edit failed');
    return 'failed';
  } finally {
    lease.release();
  }
}
