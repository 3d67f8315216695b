import { Router } from '@koa/router';
import {
  API_PATHS,
  EXPORT_SOURCE_EDGE_HEADER,
  EXPORT_SOURCE_HEADER,
  NEXT_CURSOR_HEADER,
  UPLOAD_ACCOUNT_HEADER,
  encodeProjectCursor,
} from '@shared/api';
import { AUTHENTICATION_REQUIRED, UPLOAD_MAX_BYTES, asSentence } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { IDEMPOTENCY_KEY_RULE, idempotencyKeyOf } from '../../http/idempotency-key';
import { appOrigin } from '../../config';
import { routeMounter } from '../../http/mount';
import { apiKeyCaller } from '../../http/session';
import { sendImage } from '../../http/send-image';
import { readUpload } from '../../images';
import type { DownloadsService } from './downloads.service';
import { toProjectResponse, toStatusResponse } from './project.mapper';
import type { ProjectsService } from './projects.service';
import type { structureChoiceService } from './structure-choice.service';

/** Ids are never reused, so the owner's browser may keep a project image (privately) for a day. */
const OWNER_IMAGE_CACHE = 'private, max-age=86400';

/** What the projects' routes call, built once per app (modules/services.ts). */
interface ProjectsRouteServices {
  projects: ProjectsService;
  downloads: DownloadsService;
  structureChoice: ReturnType<typeof structureChoiceService>;
}

export function projectsRoutes(deps: AppDeps, services: ProjectsRouteServices): Router {
  const { config, repos, diskSpace } = deps;
  const { projects, downloads, structureChoice: choice } = services;
  // An upload is refused on a full disk before anything else, and a visitor is told why signing in helps.
  const upload = {
    before: [requireFreeSpace(diskSpace)],
    signInMessage: asSentence(AUTHENTICATION_REQUIRED),
  };
  const router = new Router();
  const mount = routeMounter(router, repos.users);

  mount(
    'post',
    API_PATHS.projects,
    async ({ user }, ctx) => {
      const { project, created } = await projects.create(
        user,
        idempotencyKeyOf(ctx, IDEMPOTENCY_KEY_RULE),
        () => readUpload(ctx, { maxFileBytes: UPLOAD_MAX_BYTES }),
        ctx.get(UPLOAD_ACCOUNT_HEADER) || null,
        { apiKeyId: apiKeyCaller(ctx)?.keyId ?? null },
      );
      if (!created) ctx.status = 200;
      return toProjectResponse(project);
    },
    upload,
  );

  mount('get', API_PATHS.projects, async ({ user, query }, ctx) => {
    const page = await projects.list(user._id, query);
    if (page.next) ctx.set(NEXT_CURSOR_HEADER, encodeProjectCursor(page.next));
    return page.projects.map(toProjectResponse);
  });

  mount('get', API_PATHS.project, async ({ userId, params }) =>
    toProjectResponse(await projects.readable(params.id, userId)),
  );

  mount('get', API_PATHS.projectStatus, async ({ userId, params }) =>
    toStatusResponse(await projects.readable(params.id, userId)),
  );

  mount('get', API_PATHS.projectImage, async ({ userId, params, query }, ctx) => {
    const image = await projects.image(params.id, userId, params.kind, query.variant);
    // A draft lives minutes and a retry's draft takes its address: kept nowhere (the API's no-store).
    sendImage(ctx, image, params.kind === 'draft' ? undefined : OWNER_IMAGE_CACHE);
  });

  mount('get', API_PATHS.projectDownload, async ({ userId, params, query }, ctx) => {
    const download = await downloads.download(params.id, userId, query, appOrigin(config));
    if (download.export4k) {
      ctx.set(EXPORT_SOURCE_HEADER, download.export4k.source);
      ctx.set(EXPORT_SOURCE_EDGE_HEADER, String(download.export4k.sourceLongEdge));
    }
    sendImage(ctx, download);
  });

  mount('get', API_PATHS.projectExport4k, ({ userId, params }) => downloads.export4kPlan(params.id, userId));

  mount('get', API_PATHS.projectPublishedLinks, ({ user, params }) =>
    projects.publishedLinks(user._id, params.id),
  );

  mount('get', API_PATHS.projectHandovers, ({ user, params }) => projects.handovers(user._id, params.id));

  mount('post', API_PATHS.projectConcept, async ({ user, params }) =>
    toProjectResponse(await choice.keepAsConcept(user, params.id)),
  );

  mount(
    'post',
    API_PATHS.projectRestage,
    async ({ user, params }, ctx) =>
      toProjectResponse(
        (await choice.restage(user, params.id, idempotencyKeyOf(ctx, IDEMPOTENCY_KEY_RULE))).project,
      ),
    upload,
  );

  mount('patch', API_PATHS.project, async ({ user, params, body }) =>
    toProjectResponse(await projects.update(user._id, params.id, body)),
  );

  mount('delete', API_PATHS.project, async ({ user, params, query }) => {
    await projects.remove(user._id, params.id, query.keep === 'archive');
    return { ok: true };
  });

  return router;
}
