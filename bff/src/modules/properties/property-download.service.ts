import type { Readable } from 'node:stream';
import {
  CAPTIONS_FILE,
  DISCLOSURE_FILE,
  captionsCsv,
  customRoomName,
  disclosureText,
  handoverFiles,
  mlsProfile,
  propertySharePagePath,
  propertyZipFileName,
  downloadVariant,
  roomConceptMessage,
  versionBefore,
  type HandoverFile,
  type HandoverPhoto,
  type MlsProfile,
  type MlsProfileId,
} from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { previewRibbonMaxHeight } from '../../ai';
import { AppError } from '../../http/errors';
import { exportJpeg, exportListingJpeg, type PlateSpec } from '../../images';
import type { OriginalsService } from '../originals';
import {
  handedOut,
  plateOf,
  preparedFile,
  projectAlteration,
  projectAlterations,
  provenanceOf,
  recordHandover,
  sha256Of,
  type PreparedFile,
} from '../projects';
import type { ProjectDoc } from '../../store';
import { propertyNotFound } from './property-create';
import { isStaged, loadPlacedRooms, type StagedRoom } from './room-order';
import { streamZip, type ZipEntry } from './zip-stream';

/** A GET never publishes: the QR codes need the buyers' page, which only "Share with buyers" makes. */
const ZIP_NEEDS_SHARE =
  "The listing photos link to the property's page for buyers. Create the share link first, then download.";
const NOTHING_STAGED = 'No room of this property is staged yet. Stage a room first, then download.';
/** One photo is sent while the next one renders; more would only hold more memory. */
const ENTRIES_AHEAD = 1;

/** The ZIP for an MLS holds no renovation concept: the first room whose version it bans says why. */
function refuseConcepts(profile: MlsProfile, rooms: StagedRoom[]): void {
  for (const { project, position, room } of rooms) {
    const before = versionBefore(profile, project.versions ?? [], project.currentVersion ?? 1);
    const decided = downloadVariant(profile, projectAlterations(project), 'listing', before);
    if (decided.kind === 'refused')
      throw new AppError(409, 'not_for_mls', roomConceptMessage(position, room.roomType, decided.message));
  }
}

export interface PropertyZip {
  fileName: string;
  stream: Readable;
}

export type PropertyDownloadDeps = Pick<
  AppDeps,
  'config' | 'repos' | 'store' | 'logger' | 'engine' | 'provenance'
> & {
  originals: OriginalsService;
};

/** The whole property for the listing, as one ZIP streamed room by room, laid out by the MLS's rules. */
export function propertyDownloadService(deps: PropertyDownloadDeps) {
  const { repos, store, logger } = deps;
  const { originals } = deps;
  const read = async (key: string): Promise<Buffer> => {
    const blob = await store.blobs.get(key);
    if (!blob) throw new Error(`missing image ${key}`);
    return blob.data;
  };

  /**
   * A photo as handed over (clean or labelled), rendered once per staging, version, plate and link, then
   * read back with its C2PA check: a repeated download costs little more than reading the photos.
   */
  const rendered = (
    project: ProjectDoc,
    plate: PlateSpec | null,
    originalUrl: string,
  ): Promise<PreparedFile> => {
    const provenance = provenanceOf(project, originalUrl);
    const stagedKey = project.images.staged[0] ?? '';
    return preparedFile(deps, project, { plate, provenance, staged: stagedKey }, async () => {
      const staged = await read(stagedKey);
      // The preview engine's ribbon runs along the bottom edge: the label goes above it, never over it.
      const keepClear = project.engine === 'preview' ? previewRibbonMaxHeight : undefined;
      const exported = plate
        ? await exportListingJpeg(staged, { plate, keepClear, provenance })
        : await exportJpeg(staged, { provenance });
      return handedOut(deps, project, exported, originalUrl, stagedKey);
    });
  };

  const entryOf = (
    file: HandoverFile,
    room: StagedRoom,
    photo: HandoverPhoto,
    take: { profile: MlsProfile; by: string; originalSha256: (room: StagedRoom) => Promise<string> },
  ): ZipEntry => {
    const { project } = room;
    if (file.kind === 'original')
      return { name: file.name, mtime: room.room.createdAt, data: () => read(room.room.images.original) };
    const plate = file.kind === 'labelled' ? plateOf(take.profile, project, photo.originalLink) : null;
    return {
      name: file.name,
      mtime: project.completedAt ?? project.updatedAt,
      data: async () => {
        const made = await rendered(project, plate, photo.originalLink);
        const variant = plate ? 'labelled' : 'clean';
        await recordHandover(deps, project, await take.originalSha256(room), {
          profile: take.profile,
          by: take.by,
          variant,
          file: made,
          label: plate?.label ?? null,
          originalUrl: photo.originalLink,
        });
        return made.data;
      },
    };
  };

  return {
    /**
     * The photos as the MLS of `override`, the property or the owner's Settings wants them (clean or
     * labelled, each original beside its altered photo or apart), `captions.csv` and `disclosure.txt`.
     */
    async zip(userId: string, id: string, origin: string, override?: MlsProfileId): Promise<PropertyZip> {
      const property = await repos.properties.findForOwner(userId, id);
      if (!property) throw propertyNotFound();
      const token = property.shareToken;
      if (!token) throw new AppError(409, 'not_shared', ZIP_NEEDS_SHARE);
      const rooms = (await loadPlacedRooms(repos, property)).filter(isStaged);
      if (rooms.length === 0) throw new AppError(409, 'not_ready', NOTHING_STAGED);
      const profile = mlsProfile(
        override ?? property.mlsProfile ?? (await repos.preferences.getMlsProfile(userId)),
      );
      refuseConcepts(profile, rooms);
      const photos: HandoverPhoto[] = [];
      for (const { room, position, project } of rooms) {
        const target = { kind: 'room', propertyId: property._id, roomId: room._id } as const;
        const originalLink = await originals.addressOf(userId, token, target, origin);
        photos.push({
          position,
          roomType: room.roomType,
          name: customRoomName(project.name, property.name),
          alteration: projectAlteration(project),
          originalLink,
        });
      }
      const files = handoverFiles(profile, photos);
      // Each room's original is hashed once per ZIP for its labelled and clean records.
      const digests = new Map<string, Promise<string>>();
      const originalSha256 = ({ room }: StagedRoom) => {
        const key = room.images.original;
        const digest = digests.get(key) ?? read(key).then(sha256Of);
        digests.set(key, digest);
        return digest;
      };
      const buyersUrl = `${origin}${propertySharePagePath(token)}`;
      const text = (s: string) => () => Promise.resolve(Buffer.from(s));
      const entries: ZipEntry[] = [
        {
          name: DISCLOSURE_FILE,
          data: text(disclosureText(profile, photos, files, buyersUrl)),
          compress: true,
        },
        { name: CAPTIONS_FILE, data: text(captionsCsv(profile, files)), compress: true },
        ...files.map((f) =>
          entryOf(f, rooms[f.photo]!, photos[f.photo]!, { profile, by: userId, originalSha256 }),
        ),
      ];
      const stream = streamZip(entries, {
        ahead: ENTRIES_AHEAD,
        onError: (err) => logger.error({ err, propertyId: id }, 'property download cut off'),
      });
      return { fileName: propertyZipFileName(property.name), stream };
    },
  };
}
