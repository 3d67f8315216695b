import { apiPath, type PropertyShareLink, type PublicProperty, type ShareImageKind } from '@shared/api';
import {
  SHARE_TOKEN_PATTERN,
  cleanDisplayText,
  customRoomName,
  mlsProfile,
  propertySharePagePath,
} from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { AppError, notFound } from '../../http/errors';
import { imageReader, type StoredImage } from '../../images';
import type { PropertyDoc } from '../../store';
import type { OriginalsService } from '../originals';
import { handedOutImage, isConceptFor } from '../projects';
import { agentPhoto, newShareToken, shareNotFound, toPublicAgent, type SharesService } from '../shares';
import { propertyNotFound } from './property-create';
import { isStaged, loadPlacedRooms, type StagedRoom } from './room-order';

const NOTHING_TO_SHARE = 'No room of this property is staged yet. Stage a room first, then share it.';

export const propertyShareLinkOf = (origin: string, token: string): PropertyShareLink => ({
  token,
  url: `${origin}${propertySharePagePath(token)}`,
});

export const propertyShareImageUrl = (token: string, roomId: string, kind: ShareImageKind) =>
  apiPath('propertyShareRoomImage', { token, roomId, kind });

export type PropertySharesDeps = Pick<AppDeps, 'config' | 'repos' | 'store' | 'engine' | 'provenance'> & {
  shares: SharesService;
  originals: OriginalsService;
};

/**
 * The buyers' link of a property: only the owner makes, reads and revokes it (404 for anyone else);
 * anyone holding a live token sees the staged rooms in order, and nothing else of the property.
 */
export function propertySharesService(deps: PropertySharesDeps) {
  const { repos, store } = deps;
  const readImage = imageReader(store.blobs, deps.config);
  const projectShares = deps.shares;
  const originals = deps.originals;

  async function owned(userId: string, id: string): Promise<PropertyDoc> {
    const property = await repos.properties.findForOwner(userId, id);
    if (!property) throw propertyNotFound();
    return property;
  }

  /** The shared property and its staged rooms; unknown, malformed and revoked tokens are all the same 404. */
  async function resolve(token: string): Promise<{ property: PropertyDoc; rooms: StagedRoom[] }> {
    if (!SHARE_TOKEN_PATTERN.test(token)) throw shareNotFound();
    const property = await repos.properties.findByShareToken(token);
    if (!property) throw shareNotFound();
    return { property, rooms: (await loadPlacedRooms(repos, property)).filter(isStaged) };
  }

  return {
    async linkOf(userId: string, id: string, origin: string): Promise<PropertyShareLink | null> {
      const token = (await owned(userId, id)).shareToken;
      return token ? propertyShareLinkOf(origin, token) : null;
    },

    /** The property's link, made now when it has none (once a room is staged: there is something to see). */
    async ensure(
      userId: string,
      id: string,
      origin: string,
    ): Promise<{ link: PropertyShareLink; created: boolean }> {
      const property = await owned(userId, id);
      if (property.shareToken)
        return { link: propertyShareLinkOf(origin, property.shareToken), created: false };
      if (!(await loadPlacedRooms(repos, property)).some(isStaged))
        throw new AppError(409, 'not_ready', NOTHING_TO_SHARE);
      const token = newShareToken();
      const claimed = await repos.properties.claimShareToken(userId, id, token);
      if (claimed?.shareToken === token) return { link: propertyShareLinkOf(origin, token), created: true };
      // A parallel request shared it first: everyone gets that one token.
      const winner = (await owned(userId, id)).shareToken;
      if (!winner) throw propertyNotFound();
      return { link: propertyShareLinkOf(origin, winner), created: false };
    },

    /** Removes the token: the page, its images and every QR code using it stop working at once. */
    async revoke(userId: string, id: string): Promise<void> {
      if (!(await repos.properties.revokeShareToken(userId, id))) throw propertyNotFound();
    },

    /** Counts a request for shared photos against the visitor's address, in the same budget as project shares. */
    countVisit: (ip: string): Promise<void> => projectShares.countVisit(ip),

    async view(token: string): Promise<PublicProperty> {
      const { property, rooms } = await resolve(token);
      const owner = await repos.users.findById(property.ownerId);
      const profile = mlsProfile(
        property.mlsProfile ?? (await repos.preferences.getMlsProfile(property.ownerId)),
      );
      return {
        name: cleanDisplayText(property.name),
        agent: toPublicAgent(owner, apiPath('propertyShareAgentPhoto', { token })),
        listingNumber: property.listingNumber,
        rooms: rooms.map(({ room, position, project }) => ({
          id: room._id,
          position,
          roomType: room.roomType,
          name: customRoomName(project.name, property.name),
          engine: project.engine,
          concept: isConceptFor(project, profile),
          originalImageUrl: propertyShareImageUrl(token, room._id, 'original'),
          stagedImageUrl: propertyShareImageUrl(token, room._id, 'staged'),
          width: room.width,
          height: room.height,
        })),
      };
    },

    /** The sharing agent's photo or logo, when they show it. */
    async agentPhoto(token: string): Promise<StoredImage> {
      return agentPhoto(repos, readImage, (await resolve(token)).property.ownerId);
    },

    /** The original or staged photo of a staged room; rooms not on the page are not found. */
    async image(token: string, roomId: string, kind: ShareImageKind): Promise<StoredImage> {
      const { rooms } = await resolve(token);
      const placed = rooms.find((r) => r.room._id === roomId);
      const key =
        placed && (kind === 'original' ? placed.room.images.original : placed.project.images.staged[0]);
      if (placed && key && kind === 'staged') {
        const { room, project } = placed;
        const target = { kind: 'room', propertyId: room.propertyId, roomId } as const;
        const originalUrl = await originals.addressOf(room.ownerId, token, target, deps.config.appOrigin);
        return handedOutImage(deps, readImage, project, key, originalUrl);
      }
      const image = key ? await readImage(key, 'public') : null;
      if (!image) throw notFound('Image not found.');
      return image;
    },
  };
}
export type PropertySharesService = ReturnType<typeof propertySharesService>;
