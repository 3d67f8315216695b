import { randomBytes } from 'node:crypto';
import type { ShareLink } from '@shared/api';
import { SHARE_TOKEN_BYTES, SHARE_TOKEN_PATTERN, shareOriginalPath, sharePagePath } from '@shared/domain';
import { notFound } from '../../http/errors';
import type { ProjectDoc, Repositories } from '../../store';
import { notReady } from '../projects/project-images';

export const shareNotFound = () => notFound('This share link does not exist or was revoked by its owner.');
const projectNotFound = () => notFound('Project not found.');

export const newShareToken = () => randomBytes(SHARE_TOKEN_BYTES).toString('base64url');

/** The absolute links of a token: the before/after page and the same page on the original photo. */
export const shareLinkOf = (origin: string, token: string): ShareLink => ({
  token,
  url: `${origin}${sharePagePath(token)}`,
  originalUrl: `${origin}${shareOriginalPath(token)}`,
});

/**
 * Share links of user projects: only the owner creates, reads and revokes one (404 for anyone else,
 * never 403); anyone holding a live token reads the shared project. Demo projects are never shared.
 */
export function sharesService(repos: Repositories) {
  async function owned(userId: string, id: string): Promise<ProjectDoc> {
    const project = await repos.projects.findForOwner(userId, id);
    if (!project) throw projectNotFound();
    return project;
  }

  return {
    /** The project's live token, or null when it is not shared. */
    async tokenOf(userId: string, id: string): Promise<string | null> {
      return (await owned(userId, id)).shareToken ?? null;
    },

    /** The project's token, made now when it has none (only for a completed project). */
    async ensure(userId: string, id: string): Promise<{ token: string; created: boolean }> {
      const project = await owned(userId, id);
      if (project.shareToken) return { token: project.shareToken, created: false };
      if (project.status !== 'completed') throw notReady();
      const token = newShareToken();
      const claimed = await repos.projects.claimShareToken(userId, id, token);
      if (claimed?.shareToken === token) return { token, created: true };
      // A parallel request shared it first: everyone gets that one token.
      const winner = (await owned(userId, id)).shareToken;
      if (!winner) throw projectNotFound();
      return { token: winner, created: false };
    },

    /** Removes the token: every page, image and QR code using it stops working at once. */
    async revoke(userId: string, id: string): Promise<void> {
      if (!(await repos.projects.setShareToken(userId, id, null))) throw projectNotFound();
    },

    /** The shared project of a live token; unknown, malformed or revoked tokens are all the same 404. */
    async resolve(token: string): Promise<ProjectDoc> {
      if (!SHARE_TOKEN_PATTERN.test(token)) throw shareNotFound();
      const project = await repos.projects.findByShareToken(token);
      if (!project || project.ownerId === null || project.status !== 'completed') throw shareNotFound();
      return project;
    },
  };
}
export type SharesService = ReturnType<typeof sharesService>;
