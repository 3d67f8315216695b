import type { DownloadQuery, Export4kPlan } from '@shared/api';
import {
  EXPORT_4K_LONG_EDGE,
  STRUCTURE_UNDECIDED_MESSAGE,
  downloadFileName,
  downloadVariant,
  mlsProfile,
  versionBefore,
} from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { previewRibbonMaxHeight } from '../../ai';
import { AppError, conflict, forbidden } from '../../http/errors';
import { exportJpeg, exportListingJpeg } from '../../images';
import type { ProjectDoc } from '../../store';
import { isPro } from '../limits';
import type { OriginalsService } from '../originals';
import { plateOf, projectAlterations, provenanceOf, recordHandover, sha256Of } from './handover';
import { export4kSources, type Export4kSourceImage } from './export-4k';
import { handedOut } from './handed-out';
import { preparedFile, type PreparedFile } from './prepared-file';
import { readableProject } from './project-access';
import { awaitsStructureChoice } from './structure-choice.service';
import { imageNotFound, notReady } from './project-images';

/** Demo projects have no owner to share them, so no page for a QR code to point to. */
const LISTING_NEEDS_ACCOUNT =
  'Listing-ready downloads link to a share page of your project. Sign in and stage the photo in your workspace.';
/** The link is made by POST /share, never by a download: a download must not publish a project. */
const LISTING_NEEDS_SHARE =
  "A listing-ready image links to the project's share page. Create the share link first, then download.";

export interface Download {
  data: Buffer;
  contentType: 'image/jpeg';
  fileName: string;
  /** A 4K download's source: native, upscaled, or enlarged (also when the upscaler failed this time). */
  export4k?: Pick<Export4kSourceImage, 'source' | 'sourceLongEdge'>;
}

/** The short address the label's QR code carries: the share page of the unedited original. */
function requireShare(project: ProjectDoc): string {
  if (!project.shareToken) throw new AppError(409, 'not_shared', LISTING_NEEDS_SHARE);
  return project.shareToken;
}

export type DownloadsDeps = Pick<
  AppDeps,
  'repos' | 'store' | 'config' | 'engine' | 'logger' | 'upscaler' | 'provenance'
> & {
  originals: OriginalsService;
};

export function downloadsService(deps: DownloadsDeps) {
  const { repos, store, logger } = deps;
  const blobs = store.blobs;
  const sources = export4kSources(blobs, deps.upscaler ?? null, logger, repos);
  const { originals } = deps;
  return {
    /** What a 4K download of the project will be, told before it is made (the 4K switch's label). */
    async export4kPlan(id: string, viewerId: string | null): Promise<Export4kPlan> {
      const project = await readableProject(repos, id, viewerId);
      if (project.status !== 'completed') throw notReady();
      return sources.plan(project);
    },

    /**
     * The staged image as a JPEG named staged-image-{id}.jpg; 4K (3840 px long edge) for Pro only. It
     * says inside (XMP) that it is altered. Listing-ready (only the owner's, once shared) carries the
     * label of the owner's MLS (or `query.mls`) with a QR code of the original's short address at
     * `origin`, and is named staged-image-{id}-listing.jpg.
     */
    async download(
      id: string,
      viewerId: string | null,
      query: DownloadQuery,
      origin: string,
    ): Promise<Download> {
      const project = await readableProject(repos, id, viewerId);
      const listing = query.format === 'listing';
      if (listing && (!viewerId || project.ownerId !== viewerId))
        throw forbidden(LISTING_NEEDS_ACCOUNT, 'listing_needs_account');
      const viewer = viewerId ? await repos.users.findById(viewerId) : null;
      if (query.size === '4k' && !(viewer && isPro(viewer)))
        throw forbidden('4K export is a Pro feature. Upgrade to Pro to download in 4K.', 'pro_required');
      if (project.status !== 'completed') throw notReady();
      // A result that still changes the room is not listing-ready until its owner chose what it is.
      if (listing && awaitsStructureChoice(project, query.variant ?? 0))
        throw conflict(STRUCTURE_UNDECIDED_MESSAGE, 'structure_undecided');
      const key = project.images.staged[query.variant ?? 0];
      if (!key) throw imageNotFound();
      const staged = async () => {
        const blob = await blobs.get(key);
        if (!blob) throw imageNotFound();
        return blob.data;
      };
      const fileName = downloadFileName(project._id, query);
      const token = listing ? requireShare(project) : project.shareToken;
      const owner = viewerId && project.ownerId === viewerId ? viewerId : null;
      // The original's address goes into the file only where its owner published one.
      const originalUrl =
        owner && token
          ? await originals.addressOf(owner, token, { kind: 'project', projectId: project._id }, origin)
          : null;
      const provenance = provenanceOf(project, originalUrl);
      const profile = mlsProfile(query.mls ?? (owner ? await repos.preferences.getMlsProfile(owner) : null));
      const current = project.currentVersion ?? 1;
      const before = versionBefore(profile, project.versions ?? [], current);
      const decided = downloadVariant(profile, projectAlterations(project), query.format, before);
      if (decided.kind === 'refused') throw conflict(decided.message, 'not_for_mls');
      const labelled = decided.variant === 'labelled' && originalUrl;
      const plate = labelled ? plateOf(profile, project, originalUrl) : null;
      // The preview engine's ribbon runs along the bottom edge: the label goes above it, never over it.
      const keepClear = project.engine === 'preview' ? previewRibbonMaxHeight : undefined;
      const record = async (file: PreparedFile) => {
        if (!owner) return;
        const original = await blobs.get(project.images.original);
        if (!original) return;
        await recordHandover(deps, project, sha256Of(original.data), {
          profile,
          variant: plate ? 'labelled' : 'clean',
          by: owner,
          file,
          label: plate?.label ?? null,
          originalUrl,
        });
      };
      if (query.size !== '4k') {
        // Made once per image, version, plate and link, then read back.
        const file = await preparedFile(deps, project, { plate, provenance, staged: key }, async () => {
          const data = await staged();
          const exported = plate
            ? await exportListingJpeg(data, { plate, keepClear, provenance })
            : await exportJpeg(data, { provenance });
          return handedOut(deps, project, exported, originalUrl, key);
        });
        await record(file);
        return { data: file.data, contentType: 'image/jpeg', fileName };
      }
      const from = await sources.source(project, query.variant ?? 0, await staged());
      const exported = plate
        ? await exportListingJpeg(from.data, { plate, longEdge: EXPORT_4K_LONG_EDGE, keepClear, provenance })
        : await exportJpeg(
            from.data,
            from.sized ? { provenance } : { longEdge: EXPORT_4K_LONG_EDGE, provenance },
          );
      const data = await handedOut(deps, project, exported, originalUrl, key);
      // The file as its owner receives it: its signature checked, for the audit packet.
      const c2pa = await deps.provenance.checkC2pa(data).catch(() => 'invalid' as const);
      await record({ data, sha256: sha256Of(data), c2pa });
      const export4k = { source: from.source, sourceLongEdge: from.sourceLongEdge };
      return { data, contentType: 'image/jpeg', fileName, export4k };
    },
  };
}
export type DownloadsService = ReturnType<typeof downloadsService>;
