import { randomBytes } from 'node:crypto';
import type { ImageKind, PublicShare, ShareLink } from '@shared/api';
import { SHARE_TOKEN_BYTES, SHARE_TOKEN_PATTERN, shareOriginalPath, sharePagePath } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../http/errors';
import { imageReader, type StoredImage } from '../../images';
import type { ProjectDoc } from '../../store';
import { enforceRateLimit } from '../limits';
import type { OriginalsService } from '../originals';
import { handedOutImage, isConceptFor, listingProfile, notReady, projectImage } from '../projects';
import { agentPhoto, toPublicAgent } from './agent-profile';
import { shareAgentPhotoUrl, toPublicShare } from './share.mapper';

export const shareNotFound = () => notFound('This share link does not exist or was revoked by its owner.');
const projectNotFound = () => notFound('Project not found.');
const SHARE_WINDOW_MS = 15 * 60 * 1000;

export const newShareToken = () => randomBytes(SHARE_TOKEN_BYTES).toString('base64url');

/** The absolute links of a token: the before/after page and the same page on the original photo. */
export const shareLinkOf = (origin: string, token: string): ShareLink => ({
  token,
  url: `${origin}${sharePagePath(token)}`,
  originalUrl: `${origin}${shareOriginalPath(token)}`,
});

export type SharesDeps = Pick<AppDeps, 'config' | 'repos' | 'store' | 'engine' | 'provenance'> & {
  originals: OriginalsService;
};

/**
 * Share links of user projects: only the owner creates, reads and revokes one (404 for anyone else,
 * never 403); anyone holding a live token reads the shared project. Demo projects are never shared.
 */
export function sharesService(deps: SharesDeps) {
  const { config, repos, store } = deps;
  const readImage = imageReader(store.blobs, config);
  const { originals } = deps;
  async function owned(userId: string, id: string): Promise<ProjectDoc> {
    const project = await repos.projects.findForOwner(userId, id);
    if (!project) throw projectNotFound();
    return project;
  }

  /** The shared project of a live token; unknown, malformed or revoked tokens are all the same 404. */
  async function resolve(token: string): Promise<ProjectDoc> {
    if (!SHARE_TOKEN_PATTERN.test(token)) throw shareNotFound();
    const project = await repos.projects.findByShareToken(token);
    if (!project || project.ownerId === null || project.status !== 'completed') throw shareNotFound();
    return project;
  }

  return {
    resolve,

    /** The project's live link at `origin`, or null when it is not shared. */
    async linkOf(userId: string, id: string, origin: string): Promise<ShareLink | null> {
      const token = (await owned(userId, id)).shareToken;
      return token ? shareLinkOf(origin, token) : null;
    },

    /** The project's link, made now when it has none (only for a completed project). */
    async ensure(userId: string, id: string, origin: string): Promise<{ link: ShareLink; created: boolean }> {
      const project = await owned(userId, id);
      if (project.shareToken) return { link: shareLinkOf(origin, project.shareToken), created: false };
      if (project.status !== 'completed') throw notReady();
      const token = newShareToken();
      const claimed = await repos.projects.claimShareToken(userId, id, token);
      if (claimed?.shareToken === token) return { link: shareLinkOf(origin, token), created: true };
      // A parallel request shared it first: everyone gets that one token.
      const winner = (await owned(userId, id)).shareToken;
      if (!winner) throw projectNotFound();
      return { link: shareLinkOf(origin, winner), created: false };
    },

    /** Removes the token: every page, image and QR code using it stops working at once. */
    async revoke(userId: string, id: string): Promise<void> {
      if (!(await repos.projects.setShareToken(userId, id, null))) throw projectNotFound();
    },

    /** Counts a request for shared photos against the visitor's address (429 past SHARE_REQUESTS_PER_IP). */
    countVisit(ip: string): Promise<void> {
      return enforceRateLimit(repos, {
        key: `shares:ip:${ip}`,
        windowMs: SHARE_WINDOW_MS,
        max: config.SHARE_REQUESTS_PER_IP,
        message: 'Too many requests for shared photos from your network. Please try again in a few minutes.',
      });
    },

    /** What a buyer sees: the project, its title and the sharing agent. */
    async view(token: string): Promise<PublicShare> {
      const project = await resolve(token);
      const [owner, property] = await Promise.all([
        repos.users.findById(project.ownerId ?? ''),
        project.propertyId ? repos.properties.findForOwner(project.ownerId ?? '', project.propertyId) : null,
      ]);
      return toPublicShare(project, token, {
        propertyName: property?.name ?? null,
        agent: toPublicAgent(owner, shareAgentPhotoUrl(token)),
        concept: isConceptFor(project, await listingProfile(repos, project)),
      });
    },

    /** The sharing agent's photo or logo, when they show it. */
    async agentPhoto(token: string): Promise<StoredImage> {
      return agentPhoto(repos, readImage, (await resolve(token)).ownerId);
    },

    /** One image of a live token's project; a staged one watermarked and signed, naming its original's page. */
    async image(token: string, kind: ImageKind, variant: number | undefined): Promise<StoredImage> {
      const project = await resolve(token);
      const stagedKey = kind === 'staged' ? project.images.staged[variant ?? 0] : undefined;
      if (!stagedKey) return projectImage(readImage, project, kind, variant, 'public');
      const target = { kind: 'project', projectId: project._id } as const;
      const originalUrl = await originals.addressOf(project.ownerId ?? '', token, target, config.appOrigin);
      return handedOutImage(deps, readImage, project, stagedKey, originalUrl);
    },
  };
}
export type SharesService = ReturnType<typeof sharesService>;
