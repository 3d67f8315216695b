import { apiPath, type OriginalView, type PublishedLinks } from '@shared/api';
import { SHARE_GONE_TITLE, originalPath, propertySharePagePath, sharePagePath } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../http/errors';
import { imageReader, type StoredImage } from '../../images';
import {
  ORIGINAL_CODE_PATTERN,
  originalArchiveKey,
  type OriginalLinkDoc,
  type OriginalTarget,
} from '../../store';

const shareNotFound = () => notFound(`${SHARE_GONE_TITLE}.`);

export type OriginalsDeps = Pick<AppDeps, 'config' | 'repos' | 'store'>;
type Listing = { projectId: string } | { propertyId: string };

interface Resolved {
  key: string;
  width: number;
  height: number;
  listingPath: string | null;
}

/**
 * The short addresses printed on labelled photos: each leads to one unaltered original while its share
 * lives, and to an archive of it when the owner deleted the listing and kept one.
 */
export function originalsService(deps: OriginalsDeps) {
  const { repos, store } = deps;
  const readImage = imageReader(store.blobs, deps.config);

  /** Where a live link's original is now; null when its share was revoked or its listing is gone. */
  async function live(link: OriginalLinkDoc): Promise<Resolved | null> {
    if (link.propertyId && link.roomId) {
      const property = await repos.properties.findByShareToken(link.shareToken);
      if (property?._id !== link.propertyId) return null;
      const room = await repos.rooms.findForOwner(link.ownerId, link.roomId);
      if (room?.propertyId !== property._id) return null;
      const { width, height } = room;
      return {
        key: room.images.original,
        width,
        height,
        listingPath: propertySharePagePath(link.shareToken),
      };
    }
    if (link.projectId) {
      const project = await repos.projects.findByShareToken(link.shareToken);
      if (project?._id !== link.projectId) return null;
      const { width, height } = project;
      return { key: project.images.original, width, height, listingPath: sharePagePath(link.shareToken) };
    }
    return null;
  }

  async function resolve(code: string): Promise<Resolved> {
    const link = ORIGINAL_CODE_PATTERN.test(code) ? await repos.originalLinks.find(code) : null;
    if (!link) throw shareNotFound();
    if (link.archive) {
      const { key, width, height } = link.archive;
      // An archive record that lost its shape leads nowhere, like a deleted one.
      if (typeof key !== 'string' || !(width > 0) || !(height > 0)) throw shareNotFound();
      return { key, width, height, listingPath: null };
    }
    const found = await live(link);
    if (!found) throw shareNotFound();
    return found;
  }

  /** The links of a listing that still lead somewhere (a revoked share's are already dead). */
  async function liveLinks(ownerId: string, of: Listing) {
    const links = await repos.originalLinks.liveFor(ownerId, of);
    const found = await Promise.all(links.map(async (link) => ({ link, at: await live(link) })));
    return found.filter((f): f is { link: OriginalLinkDoc; at: Resolved } => f.at !== null);
  }

  return {
    /** The full short address of `target`'s original, made on first use. */
    async addressOf(ownerId: string, shareToken: string, target: OriginalTarget, origin: string) {
      return `${origin}${originalPath(await repos.originalLinks.ensure(ownerId, shareToken, target))}`;
    },

    async view(code: string): Promise<OriginalView> {
      const { width, height, listingPath } = await resolve(code);
      const imageUrl = apiPath('originalImage', { code });
      return { imageUrl, width, height, archived: listingPath === null, listingUrl: listingPath };
    },

    async image(code: string): Promise<StoredImage> {
      const image = await readImage((await resolve(code)).key, 'public');
      if (!image) throw notFound('Image not found.');
      return image;
    },

    /**
     * How many printed links deleting the listing would break, and how many downloaded files carry one:
     * every file handed over since the first of them was made (each holds its address, in XMP at least).
     */
    async published(ownerId: string, of: Listing): Promise<PublishedLinks> {
      const links = await liveLinks(ownerId, of);
      if (links.length === 0) return { links: 0, files: 0 };
      const since = new Date(Math.min(...links.map((l) => l.link.createdAt.getTime())));
      return { links: links.length, files: await repos.handovers.countDownloadedFiles(ownerId, of, since) };
    },

    /**
     * Before a listing is deleted: with `keep`, each live link's original is copied aside and the link
     * turns into its archive (the original and the notice only); every other link of the listing goes.
     */
    async release(ownerId: string, of: Listing, keep: boolean): Promise<number> {
      let kept = 0;
      if (keep) {
        for (const { link, at } of await liveLinks(ownerId, of)) {
          const blob = await store.blobs.get(at.key);
          if (!blob) continue;
          const key = originalArchiveKey(ownerId, link._id);
          await store.blobs.put(key, blob.data, blob.contentType);
          const archive = { key, width: at.width, height: at.height, archivedAt: new Date() };
          await repos.originalLinks.archive(link._id, archive);
          kept++;
        }
      }
      await repos.originalLinks.deleteLive(ownerId, of);
      return kept;
    },
  };
}
export type OriginalsService = ReturnType<typeof originalsService>;
