import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  propertyDisclosure,
  propertyRoomOriginalPath,
  propertySharePagePath,
  propertyZipFileName,
  roomFileName,
} from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { previewRibbonMaxHeight } from '../../ai';
import { AppError } from '../../http/errors';
import { exportListingJpeg } from '../../images';
import { projectBlobKeys, type ProjectDoc } from '../../store';
import { propertyNotFound } from './property-create';
import { isStaged, loadPlacedRooms } from './room-order';
import { streamZip, type ZipEntry } from './zip-stream';

/** A GET never publishes: the QR codes need the buyers' page, which only "Share with buyers" makes. */
const ZIP_NEEDS_SHARE =
  "The listing photos link to the property's page for buyers. Create the share link first, then download.";
const NOTHING_STAGED = 'No room of this property is staged yet. Stage a room first, then download.';
export const DISCLOSURE_FILE = 'DISCLOSURE.txt';
export const ORIGINALS_FOLDER = 'originals';
/** One photo is sent while the next one renders; more would only hold more memory. */
const ENTRIES_AHEAD = 1;

export interface PropertyZip {
  fileName: string;
  stream: Readable;
}

export type PropertyDownloadDeps = Pick<AppDeps, 'repos' | 'store' | 'logger'>;

/** The whole property for the listing, as one ZIP streamed room by room. */
export function propertyDownloadService({ repos, store, logger }: PropertyDownloadDeps) {
  const read = async (key: string): Promise<Buffer> => {
    const blob = await store.blobs.get(key);
    if (!blob) throw new Error(`missing image ${key}`);
    return blob.data;
  };

  /** The staged photo with the label, and a QR code of the room's original on the buyers' page. */
  const render = async (project: ProjectDoc, originalUrl: string): Promise<Buffer> => {
    const staged = await read(project.images.staged[0] ?? '');
    // The preview engine's ribbon runs along the bottom edge: the label goes above it, never over it.
    const keepClear = project.engine === 'preview' ? previewRibbonMaxHeight : undefined;
    return exportListingJpeg(staged, originalUrl, undefined, keepClear);
  };

  /**
   * Rendered once per staging and link, then read back: a repeated download costs little more than reading
   * the photos. Kept with the staging, so it goes when the staging goes; a damaged copy is made again.
   */
  const listing = async (project: ProjectDoc, originalUrl: string): Promise<Buffer> => {
    const linkId = createHash('sha256').update(originalUrl).digest('hex').slice(0, 16);
    const key = projectBlobKeys(project._id).listing(linkId);
    const kept = await store.blobs.get(key).catch(() => null);
    if (kept) return kept.data;
    const made = await render(project, originalUrl);
    // Not kept (a full disk): the download goes on, the next one renders again.
    await store.blobs
      .put(key, made, 'image/jpeg')
      .catch((err: unknown) => logger.warn({ err, key }, 'listing photo not kept'));
    return made;
  };

  return {
    /**
     * `01-living-room.jpg`...: every staged room as a listing-ready JPEG in room order, the unedited
     * originals under `originals/` and DISCLOSURE.txt naming the buyers' page, at `origin`.
     */
    async zip(userId: string, id: string, origin: string): Promise<PropertyZip> {
      const property = await repos.properties.findForOwner(userId, id);
      if (!property) throw propertyNotFound();
      const token = property.shareToken;
      if (!token) throw new AppError(409, 'not_shared', ZIP_NEEDS_SHARE);
      const rooms = (await loadPlacedRooms(repos, property)).filter(isStaged);
      if (rooms.length === 0) throw new AppError(409, 'not_ready', NOTHING_STAGED);
      const text = Buffer.from(propertyDisclosure(`${origin}${propertySharePagePath(token)}`));
      const entries: ZipEntry[] = [
        { name: DISCLOSURE_FILE, data: () => Promise.resolve(text), compress: true },
      ];
      for (const { room, position, project } of rooms) {
        const name = roomFileName(position, room.roomType);
        const mtime = project.completedAt ?? project.updatedAt;
        const originalUrl = `${origin}${propertyRoomOriginalPath(token, room._id)}`;
        entries.push({ name, mtime, data: () => listing(project, originalUrl) });
        entries.push({
          name: `${ORIGINALS_FOLDER}/${name}`,
          mtime: room.createdAt,
          data: () => read(room.images.original),
        });
      }
      const stream = streamZip(entries, {
        ahead: ENTRIES_AHEAD,
        onError: (err) => logger.error({ err, propertyId: id }, 'property download cut off'),
      });
      return { fileName: propertyZipFileName(property.name), stream };
    },
  };
}
