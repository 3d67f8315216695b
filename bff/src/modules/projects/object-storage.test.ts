import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareLinkSchema, type Project } from '@shared/api';
import { DELETE_ACCOUNT_CONFIRMATION } from '@shared/domain';
import { json, signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { startLoopbackS3, type LoopbackS3 } from '../../testing/s3-server';
import { bytesOf, postProject, waitForFinish } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';

const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);

let s3: LoopbackS3;
beforeAll(async () => {
  s3 = await startLoopbackS3();
});
afterAll(() => s3.stop());

async function stagedProject(url: string, jar: CookieJar): Promise<Project> {
  const created = (await (await postProject(url, jar)).json()) as Project;
  return (await waitForFinish(url, jar, created.id)).project;
}

describe('images on object storage, handed out as presigned links (S3_DELIVERY=redirect)', () => {
  const t = useTestApp({
    worker: true,
    env: () => ({ ...s3.env, S3_DELIVERY: 'redirect', S3_LINK_SECONDS: '300' }),
  });
  const api = (p: string) => `${t.url}/api${p}`;

  it('checks the owner, then redirects to a short-lived link that answers the stored type, uncached', async () => {
    const { jar } = await signUp(t.url);
    const project = await stagedProject(t.url, jar);
    expect(await t.deps.store.blobs.listFolders('projects')).toContain(project.id);

    for (const kind of ['thumb', 'original', 'staged']) {
      const res = await jar.fetch(api(`/projects/${project.id}/images/${kind}`));
      expect(res.status, kind).toBe(302);
      // The redirect itself is never kept: its link expires.
      expect(res.headers.get('cache-control')).toBe('no-store');
      const location = res.headers.get('location') ?? '';
      expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/projects/${project.id}/`)).toBe(true);
      expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('300');
      const image = await fetch(location);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect(image.headers.get('cache-control')).toBe('private, no-store');
      expect((await bytesOf(image)).subarray(0, 3).equals(JPEG_START)).toBe(true);
    }

    // Nobody else gets a link.
    const other = await signUp(t.url);
    expect((await other.jar.fetch(api(`/projects/${project.id}/images/original`))).status).toBe(404);
    expect((await fetch(api(`/projects/${project.id}/images/original`), { redirect: 'manual' })).status).toBe(
      404,
    );
  });

  it('lets the page and the service worker load from the bucket (CSP)', async () => {
    const csp = (await fetch(t.url)).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`img-src [^;]*${s3.endpoint}`));
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${s3.endpoint}`));
  });

  it('gives share images links that expire within a minute, cached no longer than that, and none once revoked', async () => {
    const { jar } = await signUp(t.url);
    const project = await stagedProject(t.url, jar);
    const link = shareLinkSchema.parse(
      await (await jar.fetch(api(`/projects/${project.id}/share`), { method: 'POST' })).json(),
    );
    const res = await fetch(api(`/shares/${link.token}/images/staged`), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // A link handed out before a revoke cannot be recalled: it expires soon instead (owners' keep 300 s).
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('X-Amz-Expires')).toBe('60');
    const image = await fetch(res.headers.get('location') ?? '');
    expect(image.headers.get('cache-control')).toBe('public, max-age=60');
    expect(image.headers.get('content-type')).toBe('image/jpeg');

    expect((await jar.fetch(api(`/projects/${project.id}/share`), { method: 'DELETE' })).status).toBe(200);
    const revoked = await fetch(api(`/shares/${link.token}/images/staged`), { redirect: 'manual' });
    expect(revoked.status).toBe(404);
  });

  it('deletes a project and an account from the bucket', async () => {
    const { jar } = await signUp(t.url);
    const kept = await stagedProject(t.url, jar);
    const removed = await stagedProject(t.url, jar);
    expect((await jar.fetch(api(`/projects/${removed.id}`), { method: 'DELETE' })).status).toBe(200);
    const folders = await t.deps.store.blobs.listFolders('projects');
    expect(folders).toContain(kept.id);
    expect(folders).not.toContain(removed.id);

    const deleted = await jar.fetch(
      api('/user/account'),
      json({ confirmationText: DELETE_ACCOUNT_CONFIRMATION }, { method: 'DELETE' }),
    );
    expect(deleted.status).toBe(200);
    expect(await t.deps.store.blobs.listFolders('projects')).not.toContain(kept.id);
  });
});

describe('images on object storage, streamed through the BFF (the default)', () => {
  const t = useTestApp({ worker: true, env: () => ({ ...s3.env }) });

  it('stores in the bucket and answers the bytes, with the owner cache policy', async () => {
    const { jar } = await signUp(t.url);
    const project = await stagedProject(t.url, jar);
    const res = await jar.fetch(`${t.url}/api/projects/${project.id}/images/staged`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    expect((await bytesOf(res)).subarray(0, 3).equals(JPEG_START)).toBe(true);
    expect(t.deps.config.blobKind).toBe('s3');
    expect(await t.deps.store.blobs.listFolders('projects')).toContain(project.id);
  });
});
