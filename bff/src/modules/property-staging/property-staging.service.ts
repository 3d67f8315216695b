import { randomUUID } from 'node:crypto';
import type { StagePropertyRequest, StagePropertyResponse } from '@shared/api';
import { ROOM_TYPE_LABELS, currentUsageMonth, notEnoughCreditsMessage } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { AppError, conflict, notFound } from '../../http/errors';
import type { ProjectDoc, PropertyDoc, RoomDoc, UserDoc } from '../../store';
import { assertStyleAllowed, isPro, monthlyAllowance } from '../limits';
import { claimRunKey, type RunRoom } from './run-key';
import { planStyle, styleFieldsFor } from './style-plan';

export type PropertyStagingDeps = Pick<AppDeps, 'repos' | 'engine' | 'jobSignal'>;

export const PROPERTY_NOT_FOUND_MESSAGE = 'Property not found.';
export const ROOM_NOT_IN_PROPERTY_MESSAGE =
  'One of the chosen rooms is not part of this property any more. Reload the property and try again.';
/** Project names are at most this long, like a name typed for a single photo. */
const PROJECT_NAME_MAX = 120;

const roomBusy = (label: string, position: number) =>
  conflict(
    `The ${label} (room ${position}) is still being staged. Wait for it to finish, then stage it again.`,
    'room_busy',
  );

/** `12 Harbor Rd - Living Room`, the property's part shortened so the whole fits a project name. */
export function roomProjectName(propertyName: string, room: RoomDoc): string {
  const suffix = ` - ${ROOM_TYPE_LABELS[room.roomType]}`;
  const fits = PROJECT_NAME_MAX - suffix.length;
  const name = propertyName.length > fits ? `${propertyName.slice(0, fits - 1).trimEnd()}…` : propertyName;
  return `${name}${suffix}`;
}

export interface StageResult {
  response: StagePropertyResponse;
  /** False when an earlier request with the same Idempotency-Key already made this run. */
  created: boolean;
}

/**
 * Stages chosen rooms of a property in one look: one credit per room, reserved for the whole run before
 * anything is made; each room becomes a project of its own, queued so that the rooms come out alike.
 */
interface RunOptions {
  strict: boolean;
  free: boolean;
}

export function propertyStagingService({ repos, engine, jobSignal }: PropertyStagingDeps) {
  /** The chosen rooms in the order asked, each once, and the latest staging of every room. */
  async function roomsOf(user: UserDoc, property: PropertyDoc, roomIds: readonly string[]) {
    const all = await repos.rooms.listForProperty(user._id, property._id);
    const byId = new Map(all.map((r) => [r._id, r]));
    const chosen = [...new Set(roomIds)].map((id) => byId.get(id));
    if (chosen.some((r) => r === undefined)) throw notFound(ROOM_NOT_IN_PROPERTY_MESSAGE);
    const latest = new Map<string, ProjectDoc>();
    await Promise.all(
      all.map(async (room) => {
        const project = room.projectId && (await repos.projects.findForOwner(user._id, room.projectId));
        if (project) latest.set(room._id, project);
      }),
    );
    return { rooms: chosen as RoomDoc[], latest };
  }

  /** All or none: a run never charges more rooms than it stages, and a refusal charges nothing. */
  async function reserve(user: UserDoc, month: string, ids: string[]): Promise<void> {
    const max = monthlyAllowance(isPro(user));
    if (await repos.usage.reserveCredits(user._id, month, max, ids)) return;
    const left = Math.max(0, max - (await repos.usage.getUsed(user._id, month)));
    throw new AppError(402, 'needs_subscription', notEnoughCreditsMessage(ids.length, left), {
      needsSubscription: true,
    });
  }

  /**
   * Makes the run; `made` collects each room as soon as its project is stored, so a caller that sees an
   * error knows what exists. Credits of rooms not made are returned here, or by the reconciler after a crash.
   */
  async function run(
    user: UserDoc,
    property: PropertyDoc,
    request: StagePropertyRequest,
    made: RunRoom[],
    { strict, free }: RunOptions,
  ): Promise<void> {
    assertStyleAllowed(request.stylePreset, isPro(user));
    const { rooms, latest } = await roomsOf(user, property, request.roomIds);
    for (const room of rooms) {
      const current = latest.get(room._id);
      if (current && (current.status === 'pending' || current.status === 'processing'))
        throw roomBusy(ROOM_TYPE_LABELS[room.roomType], property.roomOrder.indexOf(room._id) + 1);
    }
    const plan = planStyle(engine.takesReferenceImage === true, request, rooms, latest);
    const month = currentUsageMonth();
    const ids = rooms.map(() => randomUUID());
    // A free run (the restage a flagged result is owed) takes no credit, so it has none to settle or return.
    if (!free) await reserve(user, month, ids);
    const leadId = ids[0] ?? '';
    // The run's rooms are one batch: their owner gets one mail when all of them are finished.
    const batchId = randomUUID();
    const now = new Date();
    try {
      for (const [i, room] of rooms.entries()) {
        const id = ids[i] ?? '';
        await repos.projects.insert({
          _id: id,
          ownerId: user._id,
          name: roomProjectName(property.name, room),
          stagingMode: 'stage',
          roomType: room.roomType,
          stylePreset: request.stylePreset,
          colorPalette: request.colorPalette ?? null,
          customPrompt: request.customPrompt ?? null,
          engine: engine.kind,
          // The worker reads the room's photo where it is; the results go under the project.
          images: { original: room.images.original, thumb: room.images.thumb, staged: [] },
          width: room.width,
          height: room.height,
          creditMonth: free ? null : month,
          expiresAt: null,
          propertyId: property._id,
          roomId: room._id,
          batchId,
          batchSize: rooms.length,
          priority: isPro(user) ? 'pro' : 'free',
          ...styleFieldsFor(plan, i, leadId, now),
          ...(strict ? { strict: true as const } : {}),
        });
        made.push({ roomId: room._id, projectId: id });
        // Stored, so its credit is used; a settle that fails is finished by the reconciler.
        if (!free) await repos.usage.settleReservation(user._id, month, id).catch(() => undefined);
        await repos.rooms.setProject(user._id, room._id, id);
      }
    } finally {
      if (!free)
        for (const id of ids.slice(made.length)) await repos.usage.refundReservation(user._id, month, id);
      // The lead may have finished before its followers were queued: then nobody would release them.
      if (plan.kind === 'lead' && made.length > 1) await repos.projects.releaseIfFinished(leadId);
      if (made.length > 0) jobSignal.notify();
    }
  }

  return {
    /** The user's property; 404 for anyone else's, as for one that does not exist. */
    async ownProperty(user: UserDoc, propertyId: string): Promise<PropertyDoc> {
      const property = await repos.properties.findForOwner(user._id, propertyId);
      if (!property) throw notFound(PROPERTY_NOT_FOUND_MESSAGE);
      return property;
    },

    /**
     * Stages the chosen rooms of the user's property; the same Idempotency-Key answers the same run, made
     * once. `strict` asks for the strict wording from the start (a restaging of a result that changed the room);
     * `free` takes no credit (the restage owed to a result whose credit came back).
     */
    async stage(
      user: UserDoc,
      property: PropertyDoc,
      request: StagePropertyRequest,
      key: string | null,
      { strict = false, free = false }: Partial<RunOptions> = {},
    ): Promise<StageResult> {
      // A key belongs to one property's runs, apart from the keys of single uploads.
      const scoped = key === null ? null : `property-stage ${property._id} ${key}`;
      if (scoped) {
        const earlier = await claimRunKey(repos, user._id, scoped);
        if (earlier) return { response: { rooms: earlier }, created: false };
      }
      const made: RunRoom[] = [];
      try {
        await run(user, property, request, made, { strict, free });
      } catch (err) {
        if (scoped) await settleKey(user._id, scoped, made);
        throw err;
      }
      if (scoped) await settleKey(user._id, scoped, made);
      return { response: { rooms: made }, created: true };
    },
  };

  /** The key answers what exists from now on; a run that made nothing leaves it free for a retry. */
  async function settleKey(userId: string, key: string, made: RunRoom[]): Promise<void> {
    const [first, ...rest] = made.map((r) => r.projectId);
    if (first) await repos.idempotency.completeMany(userId, key, [first, ...rest]);
    else await repos.idempotency.release(userId, key);
  }
}
export type PropertyStagingService = ReturnType<typeof propertyStagingService>;
