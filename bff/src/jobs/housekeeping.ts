import { SIGN_UP_LINK_LIFETIME } from '@shared/api';
import type { Logger } from '../config';
import type { StagingNotices } from '../mail';
import {
  PROJECTS_FOLDER,
  PROPERTIES_FOLDER,
  ROOMS_FOLDER,
  USERS_FOLDER,
  projectBlobPrefix,
  propertyBlobPrefix,
  roomBlobPrefix,
  type Repositories,
  type StoreHandle,
} from '../store';
import { purgeExpiredProjects } from './purge';

export interface HousekeepingDeps {
  repos: Repositories;
  store: StoreHandle;
  logger: Logger;
  /** Mails of finished stagings the last process left undecided (workers sweep them while running). */
  notices?: Pick<StagingNotices, 'sweep'>;
}

/** An upload takes seconds from its credit reservation to its stored project; past this it crashed. */
export const RESERVATION_GRACE_MS = 10 * 60_000;
/** Photos are written just before their project; a folder this old without an owner is an orphan. */
export const ORPHAN_FOLDER_GRACE_MS = 60 * 60_000;
export const HOUSEKEEPING_EVERY_MS = 10 * 60_000;
/** Webhook deliveries are a log, kept this long for Settings' list and replays. */
export const WEBHOOK_DELIVERY_KEEP_MS = 30 * 24 * 3600_000;
const ID_BATCH = 500;

export interface Grace {
  reservationsMs: number;
  foldersMs: number;
}
export interface ReconcileResult {
  refunded: number;
  settled: number;
  orphanFolders: number;
}

/** Credits reserved for projects that were never stored go back; those whose project exists are settled. */
async function reconcileReservations({ repos, store }: HousekeepingDeps, before: Date) {
  let refunded = 0;
  let settled = 0;
  const stale = await repos.usage.findStaleReservations(before);
  const existing = await repos.projects.existingIds(stale.map((r) => r.projectId));
  for (const r of stale) {
    if (existing.has(r.projectId)) {
      await repos.usage.settleReservation(r.userId, r.month, r.projectId);
      settled += 1;
      continue;
    }
    // Whoever removes the pending entry refunds; the photos written before the crash go too.
    if (await repos.usage.refundReservation(r.userId, r.month, r.projectId)) refunded += 1;
    await store.blobs.deletePrefix(projectBlobPrefix(r.projectId));
  }
  return { refunded, settled };
}

/** Stagings that failed but kept their credit (the worker stopped between the two steps) give it back. */
async function refundInterruptedFailures({ repos }: HousekeepingDeps, before: Date): Promise<number> {
  let refunded = 0;
  for (const id of await repos.projects.failedHoldingCredit(before)) {
    // Only the first taker refunds, so two workers never return one credit twice.
    const refund = await repos.projects.takeCreditForRefund(id);
    if (!refund) continue;
    await repos.usage.releaseCredit(refund.ownerId, refund.creditMonth);
    refunded += 1;
  }
  return refunded;
}

/** Blob folders of projects and accounts that no longer exist (a crash between a delete and its blobs). */
async function removeOrphanFolders({ repos, store }: HousekeepingDeps, before: Date): Promise<number> {
  const owners = [
    { folder: PROJECTS_FOLDER, exists: (ids: string[]) => repos.projects.existingIds(ids) },
    { folder: USERS_FOLDER, exists: (ids: string[]) => repos.users.existingIds(ids) },
    { folder: PROPERTIES_FOLDER, exists: (ids: string[]) => repos.properties.existingIds(ids) },
  ];
  let removed = 0;
  for (const { folder, exists } of owners) {
    const names = await store.blobs.listFolders(folder);
    for (let i = 0; i < names.length; i += ID_BATCH) {
      const batch = names.slice(i, i + ID_BATCH);
      const found = await exists(batch);
      for (const name of batch.filter((n) => !found.has(n)))
        if (await removeIfIdle(store, `${folder}/${name}/`, before)) removed += 1;
    }
  }
  return removed;
}

/** Removes `prefix` unless something was written under it since `before` (an upload in flight). */
async function removeIfIdle(store: StoreHandle, prefix: string, before: Date): Promise<boolean> {
  const modifiedAt = await store.blobs.folderModifiedAt(prefix);
  if (modifiedAt && modifiedAt >= before) return false;
  await store.blobs.deletePrefix(prefix);
  return true;
}

/**
 * Room photo folders inside a property that still exists, whose room was never stored (photos are written
 * before the room) or was deleted while its photos stayed.
 */
async function removeOrphanRoomFolders({ repos, store }: HousekeepingDeps, before: Date): Promise<number> {
  const propertyIds = await store.blobs.listFolders(PROPERTIES_FOLDER);
  let removed = 0;
  for (let i = 0; i < propertyIds.length; i += ID_BATCH) {
    for (const propertyId of await repos.properties.existingIds(propertyIds.slice(i, i + ID_BATCH))) {
      const roomIds = await store.blobs.listFolders(`${propertyBlobPrefix(propertyId)}${ROOMS_FOLDER}`);
      if (roomIds.length === 0) continue;
      const found = await repos.rooms.existingIds(roomIds);
      for (const roomId of roomIds.filter((id) => !found.has(id)))
        if (await removeIfIdle(store, roomBlobPrefix(propertyId, roomId), before)) removed += 1;
    }
  }
  return removed;
}

/**
 * Repairs what a crash mid-upload or mid-delete can leave: idempotent, and safe with several workers
 * (a refund is one atomic step; deleting an orphan twice is harmless).
 */
export async function reconcileUploads(
  deps: HousekeepingDeps,
  now: Date = new Date(),
  grace: Grace = { reservationsMs: RESERVATION_GRACE_MS, foldersMs: ORPHAN_FOLDER_GRACE_MS },
): Promise<ReconcileResult> {
  const creditsBefore = new Date(now.getTime() - grace.reservationsMs);
  const reservations = await reconcileReservations(deps, creditsBefore);
  const credits = {
    ...reservations,
    refunded: reservations.refunded + (await refundInterruptedFailures(deps, creditsBefore)),
  };
  const foldersBefore = new Date(now.getTime() - grace.foldersMs);
  const orphanFolders =
    (await removeOrphanFolders(deps, foldersBefore)) + (await removeOrphanRoomFolders(deps, foldersBefore));
  const result = { ...credits, orphanFolders };
  if (result.refunded + result.orphanFolders > 0) deps.logger.warn(result, 'repaired interrupted uploads');
  return result;
}

/** Jobs still waiting for a project that finished just before a crash are released. */
async function releaseStaleWaits(deps: HousekeepingDeps): Promise<void> {
  const released = await deps.repos.projects.releaseStaleWaits();
  if (released > 0) deps.logger.warn({ count: released }, 'waiting jobs released');
}

/** Project mails the last process left undecided are sent (each once: the outbox is keyed by project and run). */
async function sweepNotices(deps: HousekeepingDeps, now: Date): Promise<void> {
  const decided = (await deps.notices?.sweep(now, 0)) ?? 0;
  if (decided > 0) deps.logger.info({ count: decided }, 'project mails decided by the housekeeping');
}

/**
 * Expired sessions, rate-limit windows, idempotency keys, webhook ids and demo projects go, and so do
 * sign-ups whose links expired unopened and webhook deliveries older than 30 days.
 */
export async function purgeExpired(deps: HousekeepingDeps, now: Date = new Date()): Promise<void> {
  const purged = await deps.store.purgeExpired(now);
  const demos = await purgeExpiredProjects(deps.repos, deps.store.blobs, deps.logger, now);
  const signUps = await deps.repos.users.deleteUnconfirmedBefore(
    new Date(now.getTime() - SIGN_UP_LINK_LIFETIME.ms),
  );
  const webhookDeliveries = await deps.repos.webhooks.deleteDeliveriesBefore(
    new Date(now.getTime() - WEBHOOK_DELIVERY_KEEP_MS),
  );
  deps.logger.debug({ ...purged, demos, signUps, webhookDeliveries }, 'expired records purged');
}

/**
 * Before serving: with the embedded store this process alone owns the data, so nothing is in flight
 * and every interrupted job and upload of the last process is repaired at once (no lease or grace wait).
 */
export async function recoverAtStartUp(deps: HousekeepingDeps, now: Date = new Date()): Promise<void> {
  if (!deps.store.exclusive) return;
  const requeued = await deps.repos.projects.requeueAbandoned(now);
  if (requeued > 0) deps.logger.warn({ count: requeued }, 'jobs of the last process requeued');
  await releaseStaleWaits(deps);
  await reconcileUploads(deps, now, { reservationsMs: 0, foldersMs: 0 });
  await purgeExpired(deps, now);
  await sweepNotices(deps, now);
}

export interface Housekeeping {
  stop(): void;
}

/** Runs the purge and the reconciler now and then every `everyMs`; a failed round is logged, not fatal. */
export function startHousekeeping(deps: HousekeepingDeps, everyMs = HOUSEKEEPING_EVERY_MS): Housekeeping {
  const round = async () => {
    try {
      await purgeExpired(deps);
      await reconcileUploads(deps);
      await releaseStaleWaits(deps);
    } catch (err) {
      deps.logger.error({ err }, 'housekeeping failed');
    }
  };
  void round();
  const timer = setInterval(() => void round(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
