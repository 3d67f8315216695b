import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@shared/api';
import { STAGING_FAILURES, UPLOAD_MESSAGES, currentUsageMonth } from '@shared/domain';
import type { StagingEngine } from '../ai';
import type { BlobStore } from '../store';
import { signUp } from '../testing/auth-helpers';
import type { CookieJar } from '../testing/cookie-jar';
import { postProject, waitForFinish } from '../testing/staging-helpers';
import { useTestApp } from '../testing/use-test-app';
import { startWorker, type Worker } from './worker';

const TUNING = { pollMs: 50, retryBaseMs: 20, progressTickMs: 100, leaseMs: 3000 };
const RETURNED = 'Your credit was returned.';
const TRIED = 'We tried 3 times; please try again later.';

/**
 * Each cause of a failed staging we can name reaches the user as its own sentence (with the credit given
 * back); 'failed unexpectedly' is left for errors nobody foresaw.
 */
describe('what a failed staging tells its owner', () => {
  // No worker of its own: each test starts one with the store or engine it needs.
  const t = useTestApp();
  let jar: CookieJar;
  let userId: string;
  let worker: Worker | undefined;
  const used = () => t.deps.repos.usage.getUsed(userId, currentUsageMonth());

  beforeAll(async () => {
    ({
      jar,
      user: { id: userId },
    } = await signUp(t.url));
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  /** A project accepted at upload, then changed by `tamper` and run by a worker with `deps` swapped in. */
  async function failedWith(
    tamper: (project: Project) => Promise<void>,
    deps: { blobs?: BlobStore; engine?: StagingEngine } = {},
  ): Promise<string> {
    const res = await postProject(t.url, jar);
    expect(res.status).toBe(201);
    const created = (await res.json()) as Project;
    await tamper(created);
    const before = await used();
    const store = { ...t.deps.store, blobs: deps.blobs ?? t.deps.store.blobs };
    worker = startWorker({ ...t.deps, store, engine: deps.engine ?? t.deps.engine }, TUNING);
    const { project } = await waitForFinish(t.url, jar, created.id);
    expect(project.status).toBe('failed');
    // The worker returns the credit just after it stores the failure.
    await expect.poll(used).toBe(before - 1);
    return project.error ?? '';
  }

  const originalKey = async (id: string) => (await t.deps.repos.projects.findById(id))!.images.original;

  it('a photo stored before uploads were held to the minimum size: says it is too small, no retry', async () => {
    const tiny = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#a08060' } })
      .jpeg()
      .toBuffer();
    const error = await failedWith(async (p) => {
      await t.deps.store.blobs.put(await originalKey(p.id), tiny, 'image/jpeg');
      await t.deps.store.collections.projects.updateOne({ _id: p.id }, { $set: { width: 48, height: 32 } });
    });
    expect(error).toBe(`${UPLOAD_MESSAGES.tooSmall} ${RETURNED}`);
  });

  it('a damaged stored photo: says so and asks for it again', async () => {
    const error = await failedWith(async (p) => {
      await t.deps.store.blobs.put(await originalKey(p.id), Buffer.from('not a photo at all'), 'image/jpeg');
    });
    expect(error).toBe(`${STAGING_FAILURES.photoUnreadable} ${RETURNED}`);
  });

  it('storage that cannot be read or written: retried, then said so', async () => {
    const broken = (op: 'get' | 'put'): BlobStore => {
      const real = t.deps.store.blobs;
      const fail = () => Promise.reject(new Error('EIO: i/o error'));
      return {
        get: op === 'get' ? fail : (key) => real.get(key),
        put: op === 'put' ? fail : (key, data, type) => real.put(key, data, type),
        delete: (key) => real.delete(key),
        deletePrefix: (prefix) => real.deletePrefix(prefix),
        listFolders: (folder) => real.listFolders(folder),
        folderModifiedAt: (prefix) => real.folderModifiedAt(prefix),
        keys: () => real.keys(),
      };
    };
    const noop = () => Promise.resolve();
    expect(await failedWith(noop, { blobs: broken('get') })).toBe(
      `${STAGING_FAILURES.storageRead} ${TRIED} ${RETURNED}`,
    );
    await worker?.stop();
    expect(await failedWith(noop, { blobs: broken('put') })).toBe(
      `${STAGING_FAILURES.storageWrite} ${TRIED} ${RETURNED}`,
    );
  });

  it("only an error nobody foresaw is 'failed unexpectedly'", async () => {
    const engine: StagingEngine = {
      kind: 'preview',
      model: null,
      analyze: () => Promise.reject(new Error('unused')),
      stage: () => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'x')")),
    };
    const error = await failedWith(() => Promise.resolve(), { engine });
    expect(error).toBe(`${STAGING_FAILURES.unexpected} ${RETURNED}`);
  });
});
