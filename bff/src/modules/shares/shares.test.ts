import { beforeAll, describe, expect, it } from 'vitest';
import {
  publicShareSchema,
  shareLinkSchema,
  shareStateSchema,
  type Project,
  type PublicShare,
} from '@shared/api';
import { SHARE_TOKEN_PATTERN } from '@shared/domain';
import { json, signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { makePhoto, multipart } from '../../testing/images';
import { isMarkedCopy } from '../../testing/c2pa-reference';
import { bytesOf, postProject, waitForFinish } from '../../testing/staging-helpers';
import { withTestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';

// Each test has accounts and projects of its own: they run at once, sign-ups and stagings overlapping.
describe.concurrent('share links over real HTTP', () => {
  const t = useTestApp({ worker: true });
  const api = (p: string) => `${t.url}/api${p}`;
  /** The owner of every test's own projects, signed up once; a test that ends an account has its own. */
  let owner: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    owner = await signUp(t.url);
  });

  /** The room photo, made once and as small as a room photo may be (512 px short edge). */
  let photoMade: Promise<Buffer> | undefined;
  const photo = () => (photoMade ??= makePhoto({ width: 683, height: 512 }));

  async function stagedProject(jar: CookieJar, fields: Record<string, string> = {}): Promise<Project> {
    const created = (await (
      await postProject(t.url, jar, { fields, photo: await photo() })
    ).json()) as Project;
    return (await waitForFinish(t.url, jar, created.id)).project;
  }
  const share = async (jar: CookieJar, id: string) => {
    const res = await jar.fetch(api(`/projects/${id}/share`), { method: 'POST' });
    return { status: res.status, link: res.ok ? shareLinkSchema.parse(await res.json()) : null };
  };
  const publicView = async (token: string) => {
    const res = await fetch(api(`/shares/${token}`));
    return { res, body: (await res.json()) as unknown };
  };

  it('lets the owner share a finished project; anyone signed out sees it, and nothing of the owner', async () => {
    const { jar, user, email } = owner;
    const project = await stagedProject(jar, { name: 'Sunny lounge' });
    const state = shareStateSchema.parse(
      await (await jar.fetch(api(`/projects/${project.id}/share`))).json(),
    );
    expect(state).toEqual({ link: null });

    const first = await share(jar, project.id);
    expect(first.status).toBe(201);
    const link = first.link!;
    expect(link.token).toMatch(SHARE_TOKEN_PATTERN);
    expect(link.url).toBe(`${t.url}/s/${link.token}`);
    expect(link.originalUrl).toBe(`${t.url}/s/${link.token}/original`);
    // Sharing again answers the same link; the owner can read it back.
    expect(await share(jar, project.id)).toEqual({ status: 200, link });
    expect(await (await jar.fetch(api(`/projects/${project.id}/share`))).json()).toEqual({ link });

    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect((await fetch(`${t.url}/help`)).headers.get('x-robots-tag')).toBeNull();

    const { res, body } = await publicView(link.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const view: PublicShare = publicShareSchema.strict().parse(body);
    expect(view).toMatchObject({ name: 'Sunny lounge', roomType: 'living-room', stagingMode: 'stage' });
    // A buyer is told what the photo really is: this one was made by the preview engine, like its project.
    expect(project.engine).toBe('preview');
    expect(view.engine).toBe('preview');
    expect(view.variants).toEqual([view.stagedImageUrl]);
    const text = JSON.stringify(body);
    for (const secret of [user.id, email, project.id]) expect(text).not.toContain(secret);

    // The images are the owner's (the staged one watermarked and signed), served without caching.
    const shown = [];
    for (const [kind, url] of [
      ['original', view.originalImageUrl],
      ['staged', view.stagedImageUrl],
    ] as const) {
      const img = await fetch(`${t.url}${url}`);
      expect(img.status, kind).toBe(200);
      expect(img.headers.get('cache-control')).toBe('no-store');
      const own = await jar.fetch(api(`/projects/${project.id}/images/${kind}`));
      shown.push({ kind, img: await bytesOf(img), own: await bytesOf(own) });
    }
    for (const { kind, img, own } of shown)
      expect(kind === 'original' ? img.equals(own) : await isMarkedCopy(img, own), kind).toBe(true);
  });

  it('shows a name stored before names were cleaned without its control or bidi-override characters', async () => {
    const { jar } = owner;
    const project = await stagedProject(jar);
    await t.deps.store.collections.projects.updateOne(
      { _id: project.id },
      { $set: { name: 'Loft\u202E\u0000 view' } },
    );
    const { link } = await share(jar, project.id);
    const { body } = await publicView(link!.token);
    expect((body as PublicShare).name).toBe('Loft view');
  });

  it('stops working the moment it is revoked; sharing again makes a new token', async () => {
    const { jar } = owner;
    const project = await stagedProject(jar);
    const { link } = await share(jar, project.id);
    const token = link!.token;
    expect((await publicView(token)).res.status).toBe(200);

    const revoke = await jar.fetch(api(`/projects/${project.id}/share`), { method: 'DELETE' });
    expect(revoke.status).toBe(200);
    const gone = await publicView(token);
    expect(gone.res.status).toBe(404);
    expect(gone.res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(gone.body).toMatchObject({ error: 'not_found' });
    expect((await fetch(api(`/shares/${token}/images/original`))).status).toBe(404);
    expect(await (await jar.fetch(api(`/projects/${project.id}/share`))).json()).toEqual({ link: null });

    const again = await share(jar, project.id);
    expect(again.status).toBe(201);
    expect(again.link!.token).not.toBe(token);
    expect((await publicView(token)).res.status).toBe(404);
    expect((await publicView(again.link!.token)).res.status).toBe(200);
  });

  it("cannot share, read or revoke another user's project, nor reach a share by guessing", async () => {
    const [a, b] = [owner, await signUp(t.url)];
    const project = await stagedProject(a.jar);
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await b.jar.fetch(api(`/projects/${project.id}/share`), { method });
      expect(res.status, `B ${method}`).toBe(404);
      expect((await fetch(api(`/projects/${project.id}/share`), { method })).status, method).toBe(401);
    }
    expect(await t.deps.repos.projects.findById(project.id)).not.toHaveProperty('shareToken');

    const { link } = await share(a.jar, project.id);
    const guesses = [
      'A'.repeat(24),
      `${link!.token.slice(0, 23)}${link!.token.endsWith('A') ? 'B' : 'A'}`,
      link!.token.toLowerCase() === link!.token ? link!.token.toUpperCase() : link!.token.toLowerCase(),
      link!.token.slice(0, 12),
      `${link!.token}x`,
      project.id,
    ];
    for (const guess of guesses) {
      const res = await fetch(api(`/shares/${encodeURIComponent(guess)}`));
      expect(res.status, guess).toBe(404);
    }
  });

  it('refuses to share a project that is not finished yet', async () => {
    const { jar, user } = owner;
    // Inserted straight into the store and due in an hour, so no worker finishes it during the test.
    const pending = await t.deps.repos.projects.insert({
      ownerId: user.id,
      name: 'Queued room',
      stagingMode: 'stage',
      roomType: 'bedroom',
      stylePreset: 'modern',
      colorPalette: null,
      customPrompt: null,
      engine: 'preview',
      images: { original: 'x', thumb: 'y', staged: [] },
      width: 800,
      height: 600,
      creditMonth: null,
      expiresAt: null,
      nextAttemptAt: new Date(Date.now() + 3600_000),
    });
    const res = await jar.fetch(api(`/projects/${pending._id}/share`), { method: 'POST' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'not_ready' });
    const listing = await jar.fetch(api(`/projects/${pending._id}/download?format=listing`));
    expect(listing.status).toBe(409);
    expect(await t.deps.repos.projects.findById(pending._id)).not.toHaveProperty('shareToken');
  });

  it('dies with its project and with its owner account', async () => {
    // Both accounts and projects at once: the two stagings queue together.
    const [{ jar }, other] = await Promise.all([signUp(t.url), signUp(t.url)]);
    const [project, kept] = await Promise.all([stagedProject(jar), stagedProject(other.jar)]);
    const [{ link }, { link: otherLink }] = await Promise.all([
      share(jar, project.id),
      share(other.jar, kept.id),
    ]);
    await jar.fetch(api(`/projects/${project.id}`), { method: 'DELETE' });
    expect((await publicView(link!.token)).res.status).toBe(404);
    expect((await publicView(otherLink!.token)).res.status).toBe(200);

    const del = await other.jar.fetch(
      api('/user/account'),
      json({ confirmationText: 'DELETE MY ACCOUNT' }, { method: 'DELETE' }),
    );
    expect(del.status).toBe(200);
    expect((await publicView(otherLink!.token)).res.status).toBe(404);
    expect((await fetch(`${t.url}/api/shares/${otherLink!.token}/images/staged`)).status).toBe(404);
  });

  it('serves each multi-view variant of a shared project', async () => {
    const { jar } = owner;
    const project = await stagedProject(jar, { stagingMode: 'multi-view' });
    const { link } = await share(jar, project.id);
    const view = publicShareSchema.parse((await publicView(link!.token)).body);
    expect(view.variants).toHaveLength(3);
    const shown = [];
    for (const [i, url] of view.variants.entries()) {
      const img = await bytesOf(await fetch(`${t.url}${url}`));
      const own = await jar.fetch(api(`/projects/${project.id}/images/staged?variant=${i}`));
      shown.push({ url, img, own: await bytesOf(own) });
    }
    for (const { url, img, own } of shown) expect(await isMarkedCopy(img, own), url).toBe(true);
  });

  it('does not share demo projects', async () => {
    const res = await fetch(api('/demo/stage'), {
      method: 'POST',
      body: multipart({ roomType: 'bedroom' }, { data: await photo() }),
    });
    const { id } = (await res.json()) as { id: string };
    const { jar } = owner;
    expect((await share(jar, id)).status).toBe(404);
  });
});

describe('share lookups per address', () => {
  it('answers 429 with Retry-After past SHARE_REQUESTS_PER_IP', async () => {
    await withTestApp({ SHARE_REQUESTS_PER_IP: '3' }, async (t) => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await fetch(`${t.url}/api/shares/${'B'.repeat(24)}`)).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
      const limited = await fetch(`${t.url}/api/shares/${'C'.repeat(24)}/images/original`);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await limited.json()) as { message: string }).message).toMatch(/Too many requests/);
    });
  });
});
