import {
  ACCOUNT_MISMATCH_CODE,
  addRoomFieldsSchema,
  clientIdSchema,
  type AddRoomFields,
  type PropertyRoom,
  updateRoomRequestSchema,
} from '@shared/api';
import {
  FALLBACK_ROOM_TYPE,
  FREE_PROPERTIES_MAX,
  PROPERTY_ROOMS_FULL_MESSAGE,
  PROPERTY_ROOMS_MAX,
  type RoomType,
} from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import { imageReader, intakeRoomPhoto, type IntakeResult, type StoredImage, type Upload } from '../../images';
import {
  roomBlobKeys,
  roomBlobPrefix,
  type PropertyDoc,
  type RoomAnalysisDoc,
  type RoomDoc,
  type UserDoc,
} from '../../store';
import { costMeter } from '../../jobs';
import { isPro } from '../limits';
import { ACCOUNT_MISMATCH_MESSAGE } from '../projects';
import { createProperty, idTaken, propertyLimitReached, propertyNotFound } from './property-create';
import { toPropertyRoom } from './property.mapper';
import { removeRoom } from './property-removal';
import { loadPlacedRooms } from './room-order';

export type RoomsDeps = Pick<AppDeps, 'config' | 'repos' | 'store' | 'engine' | 'intakeGate' | 'logger'>;

export const roomNotFound = () => notFound('Room not found.');
const propertyFull = () => conflict(PROPERTY_ROOMS_FULL_MESSAGE, 'property_full');
const imageNotFound = () => notFound('Image not found.');
/** The room type is only a suggestion: a slow vision model must not hold the upload for long. */
const ANALYSIS_TIMEOUT_MS = 30_000;

/** The form's fields; a refusal is one sentence (framing damaged in transit can garble any of them). */
function parseFields(raw: Record<string, string>): AddRoomFields {
  const parsed = addRoomFieldsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? 'form');
  const own = issue && /[.!?]$/.test(issue.message) ? issue.message : null;
  throw badRequest(own ?? `The ${field} field sent with this photo is not valid.`, 'validation_error');
}

/** What the intake slot hands on: a repeat of a stored room, or a new photo to store. */
type Intake =
  | { fields: AddRoomFields; repeat: RoomDoc }
  | { fields: AddRoomFields; property: PropertyDoc | null; intake: IntakeResult };

/** A property's room photos: added (analysed on the way in), retyped, deleted and read by their owner. */
export function roomsService({ config, repos, store, engine, intakeGate, logger }: RoomsDeps) {
  const blobs = store.blobs;
  const readImage = imageReader(blobs, config);

  async function placed(property: PropertyDoc, roomId: string): Promise<PropertyRoom> {
    const found = (await loadPlacedRooms(repos, property)).find((p) => p.room._id === roomId);
    if (!found) throw roomNotFound();
    return toPropertyRoom(found.room, found.position, found.project);
  }

  /** The owner's room of that property; another property's or account's room is not found. */
  async function ownedRoom(userId: string, propertyId: string, roomId: string): Promise<RoomDoc> {
    const room = await repos.rooms.findForOwner(userId, roomId);
    if (room?.propertyId !== propertyId) throw roomNotFound();
    return room;
  }

  async function analyse(image: Buffer, user: UserDoc): Promise<RoomAnalysisDoc | null> {
    try {
      const meter = costMeter(repos, logger, {
        purpose: 'analysis',
        plan: user.plan,
        mode: null,
        projectId: null,
      });
      const { roomType, confident, style } = await engine.analyze(
        image,
        AbortSignal.timeout(ANALYSIS_TIMEOUT_MS),
        meter,
      );
      return { roomType, confident, style };
    } catch (err) {
      logger.warn({ err }, 'room analysis failed; the room keeps the type it was given');
      return null;
    }
  }

  /** Runs in the intake slot: answers what it can before the photo is decoded, then decodes it. */
  async function admit(user: UserDoc, propertyId: string, raw: Record<string, string>, file: Buffer) {
    const fields = parseFields(raw);
    const stored = await repos.rooms.findForOwner(user._id, fields.roomId);
    if (stored) {
      if (stored.propertyId !== propertyId) throw idTaken();
      return { fields, repeat: stored };
    }
    const property = await repos.properties.findForOwner(user._id, propertyId);
    if (!property) {
      if (!fields.propertyName) throw propertyNotFound();
      if (!isPro(user) && (await repos.properties.countForOwner(user._id)) >= FREE_PROPERTIES_MAX)
        throw propertyLimitReached();
    } else if (property.roomOrder.length >= PROPERTY_ROOMS_MAX) throw propertyFull();
    return { fields, property, intake: await intakeRoomPhoto(file) };
  }

  /**
   * Stores a new room: photos first, then the room, then its place in the order, so a crash leaves at
   * worst a photo folder without a room (the housekeeping removes it). Parallel repeats of one roomId
   * write the same photo and agree on one room.
   */
  async function storeRoom(
    user: UserDoc,
    propertyId: string,
    fields: AddRoomFields,
    intake: IntakeResult,
  ): Promise<{ property: PropertyDoc; created: boolean }> {
    const keys = roomBlobKeys(propertyId, fields.roomId);
    await blobs.put(keys.original, intake.original.data, intake.original.contentType);
    await blobs.put(keys.thumb, intake.thumb.data, intake.thumb.contentType);
    const detected = await analyse(intake.original.data, user);
    const roomType: RoomType = detected?.confident
      ? detected.roomType
      : (fields.roomType ?? FALLBACK_ROOM_TYPE);
    const inserted = await repos.rooms.insert({
      _id: fields.roomId,
      propertyId,
      ownerId: user._id,
      roomType,
      detected,
      images: keys,
      width: intake.original.width,
      height: intake.original.height,
    });
    // Another property's room has this id: its photos are in its own folder, these go at once.
    if (!inserted) {
      await blobs.deletePrefix(roomBlobPrefix(propertyId, fields.roomId));
      throw idTaken();
    }
    const property = await placeRoom(user._id, propertyId, fields.roomId);
    if (inserted.created && property.roomOrder.indexOf(fields.roomId) >= PROPERTY_ROOMS_MAX) {
      // Parallel uploads past the limit: the order is the order they arrived in, the late ones step back.
      await removeRoom(repos, blobs, property, fields.roomId);
      throw propertyFull();
    }
    return { property, created: inserted.created };
  }

  /** Puts a stored room in the order (again: harmless); a property deleted meanwhile takes the room with it. */
  async function placeRoom(userId: string, propertyId: string, roomId: string): Promise<PropertyDoc> {
    const property = await repos.properties.addRoom(userId, propertyId, roomId);
    if (property) return property;
    const gone = await repos.rooms.delete(userId, roomId);
    if (gone) await blobs.deletePrefix(roomBlobPrefix(propertyId, roomId));
    throw propertyNotFound();
  }

  return {
    /**
     * Adds a photo as a room of the property, idempotent on roomId (a repeat answers the stored room,
     * `created: false`). With `propertyName`, a property that does not exist yet is created first, within
     * the plan's limit. `forAccount`: the account the photo was queued for.
     */
    async add(
      user: UserDoc,
      propertyId: string,
      readBody: () => Promise<Upload>,
      forAccount: string | null = null,
    ): Promise<{ room: PropertyRoom; created: boolean }> {
      if (forAccount !== null && forAccount !== user._id)
        throw conflict(ACCOUNT_MISMATCH_MESSAGE, ACCOUNT_MISMATCH_CODE);
      // Only client-made ids exist, so anything else cannot name a property, nor create one.
      if (!clientIdSchema.safeParse(propertyId).success) throw propertyNotFound();
      // Another account's property: refused before its body is read, and never created over.
      const mine = await repos.properties.findForOwner(user._id, propertyId);
      if (!mine && (await repos.properties.existingIds([propertyId])).size > 0) throw propertyNotFound();
      const got: Intake = await intakeGate.readPhoto(user._id, readBody, (file, raw) =>
        admit(user, propertyId, raw, file),
      );
      const { roomId } = got.fields;
      if ('repeat' in got)
        return { room: await placed(await placeRoom(user._id, propertyId, roomId), roomId), created: false };
      const name = got.fields.propertyName;
      if (!got.property && name) await createProperty(repos, blobs, user, { id: propertyId, name });
      const { property, created } = await storeRoom(user, propertyId, got.fields, got.intake);
      return { room: await placed(property, roomId), created };
    },

    /** The owner is checked before the body: to anyone else the answer is 404, whatever they sent. */
    async setType(userId: string, propertyId: string, roomId: string, body: unknown): Promise<PropertyRoom> {
      const property = await repos.properties.findForOwner(userId, propertyId);
      if (!property) throw propertyNotFound();
      await ownedRoom(userId, propertyId, roomId);
      const { roomType } = updateRoomRequestSchema.parse(body);
      if (!(await repos.rooms.setRoomType(userId, roomId, roomType))) throw roomNotFound();
      return placed(property, roomId);
    },

    async remove(userId: string, propertyId: string, roomId: string): Promise<void> {
      const property = await repos.properties.findForOwner(userId, propertyId);
      if (!property || !(await removeRoom(repos, blobs, property, roomId))) throw roomNotFound();
    },

    /** A room's photo or thumbnail, to its owner only; only ever one of the image types. */
    async image(
      userId: string,
      propertyId: string,
      roomId: string,
      kind: 'original' | 'thumb',
    ): Promise<StoredImage> {
      const room = await ownedRoom(userId, propertyId, roomId);
      const image = await readImage(room.images[kind], 'private');
      if (!image) throw imageNotFound();
      return image;
    },
  };
}
export type RoomsService = ReturnType<typeof roomsService>;
