import {
  ACCOUNT_MISMATCH_CODE,
  type CreatePropertyRequest,
  type DeletePropertyResponse,
  type Handover,
  type Property,
  type PropertySummary,
  type PublishedLinks,
  type UpdatePropertyRequest,
  updatePropertyRequestSchema,
} from '@shared/api';
import { cleanDisplayText } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { badRequest, conflict } from '../../http/errors';
import type { PropertyDoc, PropertyPatch, UserDoc } from '../../store';
import type { OriginalsService } from '../originals';
import { ACCOUNT_MISMATCH_MESSAGE, toHandover } from '../projects';
import { createProperty, propertyNotFound } from './property-create';
import { toProperty, toPropertySummary } from './property.mapper';
import { removeProperty } from './property-removal';
import { loadPlacedRooms } from './room-order';

export type PropertiesDeps = Pick<AppDeps, 'repos' | 'store'> & { originals: OriginalsService };

const BAD_ROOM_ORDER = 'The room order must list every room of this property exactly once.';

/** Optional text cleared with null or an empty string. */
const nullable = (value: string | null, clean: (v: string) => string) => {
  const cleaned = value === null ? '' : clean(value);
  return cleaned === '' ? null : cleaned;
};

/** The owner's properties: listed, created (within the plan's limit), read, changed and deleted. */
export function propertiesService({ repos, store, originals }: PropertiesDeps) {
  async function owned(userId: string, id: string): Promise<PropertyDoc> {
    const property = await repos.properties.findForOwner(userId, id);
    if (!property) throw propertyNotFound();
    return property;
  }

  async function detail(property: PropertyDoc): Promise<Property> {
    return toProperty(property, await loadPlacedRooms(repos, property));
  }

  async function patchOf(property: PropertyDoc, update: UpdatePropertyRequest): Promise<PropertyPatch> {
    const patch: PropertyPatch = {};
    if (update.name !== undefined) patch.name = update.name;
    if (update.listingNumber !== undefined)
      patch.listingNumber = nullable(update.listingNumber, cleanDisplayText);
    if (update.mlsProfile !== undefined) patch.mlsProfile = update.mlsProfile;
    if (update.notes !== undefined) patch.notes = nullable(update.notes, (v) => v.trim());
    if (update.roomOrder) {
      const rooms = await repos.rooms.listForProperty(property.ownerId, property._id);
      const ids = new Set(rooms.map((r) => r._id));
      const order = update.roomOrder;
      if (
        order.length !== ids.size ||
        new Set(order).size !== order.length ||
        !order.every((id) => ids.has(id))
      )
        throw badRequest(BAD_ROOM_ORDER, 'bad_room_order');
      patch.roomOrder = order;
    }
    return patch;
  }

  return {
    owned,
    detail,

    async list(userId: string): Promise<PropertySummary[]> {
      return (await repos.properties.listForOwner(userId)).map(toPropertySummary);
    },

    /** `forAccount`: the account a queued create was made for; another session's is refused. */
    async create(
      user: UserDoc,
      input: CreatePropertyRequest,
      forAccount: string | null = null,
    ): Promise<{ property: Property; created: boolean }> {
      if (forAccount !== null && forAccount !== user._id)
        throw conflict(ACCOUNT_MISMATCH_MESSAGE, ACCOUNT_MISMATCH_CODE);
      const { property, created } = await createProperty(repos, store.blobs, user, input);
      return { property: await detail(property), created };
    },

    async read(userId: string, id: string): Promise<Property> {
      return detail(await owned(userId, id));
    },

    /** The owner is checked before the body: to anyone else the answer is 404, whatever they sent. */
    async update(userId: string, id: string, body: unknown): Promise<Property> {
      const property = await owned(userId, id);
      const patch = await patchOf(property, updatePropertyRequestSchema.parse(body));
      const updated = await repos.properties.update(userId, id, patch);
      if (!updated) throw propertyNotFound();
      return detail(updated);
    },

    /** How many printed short addresses deleting the property would break. */
    async publishedLinks(userId: string, id: string): Promise<PublishedLinks> {
      await owned(userId, id);
      return originals.published(userId, { propertyId: id });
    },

    /** Deletes the property; with `keepArchive` each published original stays reachable at its address. */
    async remove(userId: string, id: string, keepArchive = false): Promise<DeletePropertyResponse> {
      const property = await owned(userId, id);
      await originals.release(userId, { propertyId: id }, keepArchive);
      const removed = await removeProperty(repos, store.blobs, property);
      await repos.handovers.deleteForProperty(id);
      return { ok: true, ...removed };
    },

    /** The hand-over records of the property's rooms, newest first. */
    async handovers(userId: string, id: string): Promise<Handover[]> {
      await owned(userId, id);
      return (await repos.handovers.listForProperty(userId, id)).map(toHandover);
    },
  };
}
export type PropertiesService = ReturnType<typeof propertiesService>;
