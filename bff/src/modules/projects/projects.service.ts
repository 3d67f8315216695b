import {
  ACCOUNT_MISMATCH_CODE,
  createProjectFieldsSchema,
  demoStageFieldsSchema,
  type Handover,
  type ImageKind,
  type ProjectCursor,
  type ProjectListQuery,
  type PublishedLinks,
} from '@shared/api';
import {
  CUSTOM_PROMPT_MAX,
  DEFAULT_STYLE_PRESET,
  OUT_OF_CREDITS_MESSAGE,
  currentUsageMonth,
  demoProStyleMessage,
  type RoomType,
} from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest, conflict } from '../../http/errors';
import { claimIdempotencyKey } from '../../http/idempotency-key';
import {
  imageReader,
  intakeRoomPhoto,
  visitorIntakeOwner,
  type StoredImage,
  type Upload,
} from '../../images';
import { projectBlobPrefix, type ProjectDoc, type UserDoc } from '../../store';
import { DAY_MS, assertStyleAllowed, isPro, limitsService, monthlyAllowance } from '../limits';
import { newProjectId, saveNewProject } from './new-project';
import { projectNotFound, readableProject } from './project-access';
import { projectImage } from './project-images';
import { toHandover } from './handover';
import type { OriginalsService } from '../originals';

/** A queued upload made while another account was signed in on this device. */
/** How a project is made: strictly worded (a restaging), free (the restage a flagged result is owed), and
 * with which API key (null: the app). */
interface CreateOptions {
  strict: boolean;
  free: boolean;
  apiKeyId: string | null;
}

export const ACCOUNT_MISMATCH_MESSAGE =
  'This photo was taken for another account. Sign in as that account to upload it.';

export const paymentRequired = () =>
  new AppError(402, 'needs_subscription', OUT_OF_CREDITS_MESSAGE, { needsSubscription: true });

export interface ProjectPage {
  projects: ProjectDoc[];
  next: ProjectCursor | null;
}

export type ProjectsDeps = Pick<
  AppDeps,
  'config' | 'repos' | 'store' | 'engine' | 'intakeGate' | 'jobSignal'
> & { originals: OriginalsService };

/** A demo is staged and kept for a day, then it goes with its images. */
const DEMO_LIFETIME_MS = DAY_MS;

export interface CreateResult {
  project: ProjectDoc;
  /** False when an earlier request with the same Idempotency-Key already created it. */
  created: boolean;
}

export function projectsService(deps: ProjectsDeps) {
  const { config, repos, store, engine, intakeGate, jobSignal, originals } = deps;
  const blobs = store.blobs;
  const readImage = imageReader(blobs, config);
  const limits = limitsService(repos);

  /** Owns the key (null), or the project an earlier request with it created (waited for while it runs). */
  function claimKey(userId: string, key: string): Promise<ProjectDoc | null> {
    return claimIdempotencyKey(repos, userId, key, async ([projectId]) => {
      const project = projectId ? await repos.projects.findForOwner(userId, projectId) : null;
      if (!project)
        throw conflict('This Idempotency-Key belongs to a project that was deleted.', 'idempotency_key_used');
      return project;
    });
  }

  async function createOwned(
    user: UserDoc,
    readBody: () => Promise<Upload>,
    options: CreateOptions,
  ): Promise<ProjectDoc> {
    // Cheap early answer before reading 10 MB; the atomic reservation below is what really decides.
    if (!options.free && !(await limits.forUser(user)).canGenerate) throw paymentRequired();
    // The body is read and decoded only in an intake slot, so a burst of uploads cannot take the memory.
    return intakeGate.readPhoto(user._id, readBody, (file, fields) =>
      storeUpload(user._id, isPro(user), file, fields, options),
    );
  }

  async function storeUpload(
    userId: string,
    pro: boolean,
    file: Buffer,
    rawFields: Record<string, string>,
    { strict, free, apiKeyId }: CreateOptions,
  ): Promise<ProjectDoc> {
    if ((rawFields.customPrompt ?? '').trim().length > CUSTOM_PROMPT_MAX)
      throw badRequest(
        `The custom prompt can be at most ${CUSTOM_PROMPT_MAX} characters.`,
        'prompt_too_long',
      );
    const fields = createProjectFieldsSchema.parse(rawFields);
    assertStyleAllowed(fields.stylePreset, pro);
    const month = currentUsageMonth();
    const max = monthlyAllowance(pro);
    // The credit is taken before the photo is decoded, so requests past the quota cost no decoding; it is
    // taken for this project id, so a crash before the project is stored is refunded at the next start.
    const id = newProjectId(false);
    // A free staging (the restage a flagged result is owed) takes no credit.
    if (!free && !(await repos.usage.reserveCredit(userId, month, max, id))) throw paymentRequired();
    const unstage = fields.stagingMode === 'unstage';
    let project: ProjectDoc;
    try {
      // A refused photo gives the credit straight back.
      const intake = await intakeRoomPhoto(file);
      project = await saveNewProject(
        repos,
        blobs,
        {
          id,
          ownerId: userId,
          name: fields.name,
          stagingMode: fields.stagingMode,
          roomType: fields.roomType,
          stylePreset: unstage ? null : (fields.stylePreset ?? DEFAULT_STYLE_PRESET),
          colorPalette: unstage ? null : (fields.colorPalette ?? null),
          customPrompt: fields.customPrompt ?? null,
          engine: engine.kind,
          creditMonth: free ? null : month,
          expiresAt: null,
          batch: fields.batchId ? { id: fields.batchId, size: fields.batchSize ?? 1 } : undefined,
          priority: pro ? 'pro' : 'free',
          strict,
          freeRestyle: fields.freeRestyle === true && !unstage,
          apiKeyId,
        },
        intake,
      );
    } catch (err) {
      if (!free) await repos.usage.refundReservation(userId, month, id);
      throw err;
    }
    // The project is stored, so its credit is used whatever happens next; a settle that fails is
    // finished by the housekeeping, which finds the project.
    if (!free) await repos.usage.settleReservation(userId, month, id).catch(() => undefined);
    return project;
  }

  async function createOnce(
    user: UserDoc,
    key: string | null,
    readBody: () => Promise<Upload>,
    options: CreateOptions,
  ): Promise<CreateResult> {
    if (!key) return { project: await createOwned(user, readBody, options), created: true };
    const existing = await claimKey(user._id, key);
    if (existing) return { project: existing, created: false };
    try {
      const project = await createOwned(user, readBody, options);
      await repos.idempotency.complete(user._id, key, project._id);
      return { project, created: true };
    } catch (err) {
      await repos.idempotency.release(user._id, key);
      throw err;
    }
  }

  return {
    /**
     * Validates the photo, reserves a credit atomically, stores the project and wakes the worker; same
     * key, same project. `forAccount`: the account the photo was queued for; another session's upload
     * is refused unread. `strict`: a restaging of a result that changed the room (the strict wording);
     * `free`: no credit taken (the restage owed to a result whose credit came back).
     */
    async create(
      user: UserDoc,
      key: string | null,
      readBody: () => Promise<Upload>,
      forAccount: string | null = null,
      { strict = false, free = false, apiKeyId = null }: Partial<CreateOptions> = {},
    ): Promise<CreateResult> {
      if (forAccount !== null && forAccount !== user._id)
        throw conflict(ACCOUNT_MISMATCH_MESSAGE, ACCOUNT_MISMATCH_CODE);
      const result = await createOnce(user, key, readBody, { strict, free, apiKeyId });
      if (result.created) jobSignal.notify();
      return result;
    },

    /**
     * A visitor's demo: the same intake and save as an account's project, without a credit; it has no
     * owner and goes after a day. `admit` runs once the photo is accepted, so a refused file costs no demo.
     */
    async createDemo(
      ip: string,
      readBody: () => Promise<Upload>,
      admit: () => Promise<void>,
    ): Promise<ProjectDoc> {
      const { fields, intake } = await intakeGate.readPhoto(
        visitorIntakeOwner(ip),
        readBody,
        async (file, raw) => {
          const parsed = demoStageFieldsSchema.parse(raw);
          // A visitor has no plan: the demo stages in the styles everyone has.
          assertStyleAllowed(parsed.stylePreset, false, demoProStyleMessage);
          return { fields: parsed, intake: await intakeRoomPhoto(file) };
        },
      );
      await admit();
      const project = await saveNewProject(
        repos,
        blobs,
        {
          ownerId: null,
          stagingMode: 'stage',
          roomType: fields.roomType,
          stylePreset: fields.stylePreset,
          colorPalette: null,
          customPrompt: null,
          engine: engine.kind,
          creditMonth: null,
          expiresAt: new Date(Date.now() + DEMO_LIFETIME_MS),
          priority: 'demo',
        },
        intake,
      );
      jobSignal.notify();
      return project;
    },

    /** One page of the user's projects, newest first, and where the next one starts (null: this is the last). */
    async list(userId: string, query: ProjectListQuery): Promise<ProjectPage> {
      // One more than asked tells whether another page follows, without an empty last page.
      const docs = await repos.projects.pageForOwner(userId, {
        limit: query.limit + 1,
        before: query.before,
        nameContains: query.q,
      });
      const projects = docs.slice(0, query.limit);
      const last = projects.at(-1);
      const next = docs.length > query.limit && last ? { createdAt: last.createdAt, id: last._id } : null;
      return { projects, next };
    },

    readable: (id: string, viewerId: string | null): Promise<ProjectDoc> =>
      readableProject(repos, id, viewerId),

    /** One of a readable project's images. */
    async image(
      id: string,
      viewerId: string | null,
      kind: ImageKind,
      variant: number | undefined,
    ): Promise<StoredImage> {
      return projectImage(readImage, await readableProject(repos, id, viewerId), kind, variant, 'private');
    },

    /** How many printed short addresses deleting the project would break. */
    async publishedLinks(userId: string, id: string): Promise<PublishedLinks> {
      if (!(await repos.projects.findForOwner(userId, id))) throw projectNotFound();
      return originals.published(userId, { projectId: id });
    },

    /** The owner's new name or corrected room type for a project (404 for anyone else's). */
    async update(
      userId: string,
      id: string,
      changes: { name?: string | undefined; roomType?: RoomType | undefined },
    ): Promise<ProjectDoc> {
      const project = await repos.projects.update(userId, id, changes);
      if (!project) throw projectNotFound();
      return project;
    },

    /** Deletes the project; with `keepArchive` each published original stays reachable at its address. */
    async remove(userId: string, id: string, keepArchive = false): Promise<void> {
      if (!(await repos.projects.findForOwner(userId, id))) throw projectNotFound();
      await originals.release(userId, { projectId: id }, keepArchive);
      const project = await repos.projects.deleteForOwner(userId, id);
      if (!project) throw projectNotFound();
      await repos.handovers.deleteForProject(project._id);
      await blobs.deletePrefix(projectBlobPrefix(project._id));
    },

    /** The hand-over records of the project, newest first (owner only). */
    async handovers(userId: string, id: string): Promise<Handover[]> {
      if (!(await repos.projects.findForOwner(userId, id))) throw projectNotFound();
      return (await repos.handovers.listForProject(userId, id)).map(toHandover);
    },
  };
}
export type ProjectsService = ReturnType<typeof projectsService>;
