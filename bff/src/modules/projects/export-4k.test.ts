import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_SOURCE_EDGE_HEADER,
  EXPORT_SOURCE_HEADER,
  export4kPlanSchema,
  type Project,
} from '@shared/api';
import { EXPORT_4K_LONG_EDGE } from '@shared/domain';
import { ReplicateUpscaler } from '../../ai';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { FakeReplicateUpscaler } from '../../testing/replicate-upscaler-fake';
import { makePhoto } from '../../testing/images';
import { bytesOf, postProject, waitForFinish } from '../../testing/staging-helpers';
import { useTestApp, type UsedTestApp } from '../../testing/use-test-app';
import { projectBlobKeys } from '../../store';

const TOKEN = 'r8_downloads_test';
const MODEL = `nightmareai/real-esrgan:${'b'.repeat(64)}`;

/**
 * The widest room photo the upscaler takes in one tile (2:1, 1024 x 512): its 4K copies are 3840 x 1920,
 * two thirds of a 4:3 photo's pixels, so each test upscales, enlarges and encodes a third less.
 */
let widePhoto: Promise<Buffer> | undefined;
const wide = () => (widePhoto ??= makePhoto({ width: 1024, height: 512 }));

/** One Pro account per app, signed up once: each test's project is its own. */
const proOwners = new Map<string, Promise<CookieJar>>();
const proOwner = (t: UsedTestApp) => {
  let owner = proOwners.get(t.url);
  if (!owner) {
    owner = signUp(t.url).then(async ({ jar, user }) => {
      await t.deps.repos.users.update(user.id, { plan: 'pro' });
      return jar;
    });
    proOwners.set(t.url, owner);
  }
  return owner;
};

/** A Pro user's completed project of a wide photo (or `photo`), and the long edge of its staged result. */
async function proProject(
  t: UsedTestApp,
  photo?: Buffer,
): Promise<{ jar: CookieJar; id: string; edge: number }> {
  const jar = await proOwner(t);
  const created = (await (
    await postProject(t.url, jar, { photo: photo ?? (await wide()) })
  ).json()) as Project;
  await waitForFinish(t.url, jar, created.id);
  const staged = await jar.fetch(`${t.url}/api/projects/${created.id}/images/staged`);
  const meta = await sharp(await bytesOf(staged)).metadata();
  return { jar, id: created.id, edge: Math.max(meta.width ?? 0, meta.height ?? 0) };
}

async function download4k(t: UsedTestApp, jar: CookieJar, id: string) {
  const res = await jar.fetch(`${t.url}/api/projects/${id}/download?size=4k`);
  expect(res.status).toBe(200);
  const meta = await sharp(await bytesOf(res)).metadata();
  return {
    longEdge: Math.max(meta.width ?? 0, meta.height ?? 0),
    source: res.headers.get(EXPORT_SOURCE_HEADER),
    from: Number(res.headers.get(EXPORT_SOURCE_EDGE_HEADER)),
  };
}

const planOf = async (t: UsedTestApp, jar: CookieJar, id: string) =>
  export4kPlanSchema.parse(await (await jar.fetch(`${t.url}/api/projects/${id}/export-4k`)).json());

describe('4K export without an upscaler', () => {
  const t = useTestApp({ worker: true });

  it('says before and after the download that the 4K image is enlarged from the result', async () => {
    const { jar, id, edge } = await proProject(t);
    expect(edge).toBeLessThan(EXPORT_4K_LONG_EDGE);
    expect(await planOf(t, jar, id)).toEqual({
      source: 'enlarged',
      sourceLongEdge: edge,
      label: `4K, enlarged from ${edge} px`,
    });
    expect(await download4k(t, jar, id)).toEqual({
      longEdge: EXPORT_4K_LONG_EDGE,
      source: 'enlarged',
      from: edge,
    });
  });

  it('tells the plan only to whoever may read the project', async () => {
    const { jar, id } = await proProject(t);
    const other = await signUp(t.url);
    expect((await other.jar.fetch(`${t.url}/api/projects/${id}/export-4k`)).status).toBe(404);
    expect((await jar.fetch(`${t.url}/api/projects/${id}/export-4k`)).status).toBe(200);
  });
});

/** A test app whose upscaler is a loopback Replicate, given up on after `timeoutMs`. */
function useUpscalerApp(timeoutMs: number) {
  const fake = new FakeReplicateUpscaler(TOKEN, MODEL);
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  const t = useTestApp({
    worker: true,
    deps: {
      // Read when the app starts, after the fake listens (its port is known only then).
      get upscaler() {
        return new ReplicateUpscaler({
          apiToken: TOKEN,
          model: MODEL,
          baseUrl: fake.apiUrl,
          pollMs: 20,
          timeoutMs,
        });
      },
    },
  });
  return { fake, t };
}

describe('4K export with the Replicate upscaler (loopback Replicate)', () => {
  // Upscaling to 4K takes the fake well over a second when both cores are busy: only the test of a provider that
  // does not answer gives up early (below).
  const { fake, t } = useUpscalerApp(30_000);

  it('upscales once, keeps the 4K copy beside the result, and says so', async () => {
    // A 900 px result: 4.27 times to 4K, more than the model's own factor.
    const { jar, id, edge } = await proProject(t, await makePhoto({ width: 900, height: 512 }));
    expect(EXPORT_4K_LONG_EDGE / edge).toBeGreaterThan(4);
    expect(await planOf(t, jar, id)).toEqual({
      source: 'upscaled',
      sourceLongEdge: edge,
      label: `4K, AI-upscaled from ${edge} px`,
    });
    const before = fake.creates.length;
    // Two downloads at once make one prediction; a later one reads the kept copy.
    const both = await Promise.all([download4k(t, jar, id), download4k(t, jar, id)]);
    const again = await download4k(t, jar, id);
    for (const d of [...both, again])
      expect(d).toEqual({ longEdge: EXPORT_4K_LONG_EDGE, source: 'upscaled', from: edge });
    expect(fake.creates.length - before).toBe(1);
    expect(fake.creates.at(-1)?.json).toMatchObject({
      version: 'b'.repeat(64),
      // Real-ESRGAN's own factor at most: 4.
      input: { scale: Math.min(4, Math.round((EXPORT_4K_LONG_EDGE / edge) * 100) / 100) },
    });
    expect(await t.deps.store.blobs.get(projectBlobKeys(id).upscaled4k(0))).not.toBeNull();
  });

  it('makes the listing-ready 4K from the same upscaled copy', async () => {
    const { jar, id, edge } = await proProject(t);
    expect((await jar.fetch(`${t.url}/api/projects/${id}/share`, { method: 'POST' })).status).toBe(201);
    const before = fake.creates.length;
    await download4k(t, jar, id);
    const listing = await jar.fetch(`${t.url}/api/projects/${id}/download?size=4k&format=listing`);
    expect(listing.status).toBe(200);
    expect(listing.headers.get(EXPORT_SOURCE_HEADER)).toBe('upscaled');
    expect(Number(listing.headers.get(EXPORT_SOURCE_EDGE_HEADER))).toBe(edge);
    const meta = await sharp(await bytesOf(listing)).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(EXPORT_4K_LONG_EDGE);
    expect(fake.creates.length - before).toBe(1);
  });

  it.each([
    ['a busy provider (429)', () => fake.failNext(429, 10)],
    ['a provider error (500)', () => fake.failNext(500)],
  ])('falls back to an enlargement on %s, says so, and tries again next time', async (_, fail) => {
    const { jar, id, edge } = await proProject(t);
    fail();
    expect(await download4k(t, jar, id)).toEqual({
      longEdge: EXPORT_4K_LONG_EDGE,
      source: 'enlarged',
      from: edge,
    });
    expect(await t.deps.store.blobs.get(projectBlobKeys(id).upscaled4k(0))).toBeNull();
    expect((await download4k(t, jar, id)).source).toBe('upscaled');
  });
});

describe('4K export when the upscaler does not answer in time', () => {
  const { fake, t } = useUpscalerApp(400);

  it('falls back to an enlargement', async () => {
    const { jar, id, edge } = await proProject(t);
    fake.delayMs = 3000;
    expect(await download4k(t, jar, id)).toEqual({
      longEdge: EXPORT_4K_LONG_EDGE,
      source: 'enlarged',
      from: edge,
    });
  });
});
