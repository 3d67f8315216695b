import { FREE_PROPERTIES_MAX, PROPERTY_LIMIT_MESSAGE } from '@shared/domain';
import { AppError, conflict, notFound } from '../../http/errors';
import type { BlobStore, PropertyDoc, Repositories, UserDoc } from '../../store';
import { isPro } from '../limits';
import { removeProperty } from './property-removal';

export const propertyNotFound = () => notFound('Property not found.');
export const propertyLimitReached = () =>
  new AppError(402, 'needs_subscription', PROPERTY_LIMIT_MESSAGE, { needsSubscription: true });
export const idTaken = () =>
  conflict('This id is already used by something else. Please try again.', 'id_taken');

export interface NewPropertyInput {
  id: string;
  name: string;
  listingNumber?: string | undefined;
  notes?: string | undefined;
}

/** Creates that lost a race for the last free place try again this often, after a short random pause. */
const RACE_ATTEMPTS = 3;
const RACE_PAUSE_MS = 60;

/**
 * Creates the property, or answers the one this owner already made with that id. A free account keeps
 * FREE_PROPERTIES_MAX: each create counts after its insert and steps back if that count is over the
 * limit. The last of any parallel creates to insert always sees all the others, so the account never
 * ends above the limit; creates that all stepped back retry once the place is free again.
 */
export async function createProperty(
  repos: Repositories,
  blobs: BlobStore,
  user: UserDoc,
  input: NewPropertyInput,
): Promise<{ property: PropertyDoc; created: boolean }> {
  const pro = isPro(user);
  const doc = {
    _id: input.id,
    ownerId: user._id,
    name: input.name,
    listingNumber: input.listingNumber ?? null,
    notes: input.notes ?? null,
  };
  if (!pro) {
    // Cheap answers first: a repeat is not a new property, and a full account needs no insert to refuse.
    const existing = await repos.properties.findForOwner(user._id, input.id);
    if (existing) return { property: existing, created: false };
    if ((await repos.properties.countForOwner(user._id)) >= FREE_PROPERTIES_MAX) throw propertyLimitReached();
  }
  for (let attempt = 1; ; attempt++) {
    const result = await repos.properties.create(doc);
    if (!result) throw idTaken();
    if (pro || !result.created) return result;
    if ((await repos.properties.countForOwner(user._id)) <= FREE_PROPERTIES_MAX) return result;
    await removeProperty(repos, blobs, result.property);
    const left = await repos.properties.countForOwner(user._id);
    if (left >= FREE_PROPERTIES_MAX || attempt >= RACE_ATTEMPTS) throw propertyLimitReached();
    await new Promise((r) => setTimeout(r, Math.random() * RACE_PAUSE_MS));
  }
}
