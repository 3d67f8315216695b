import { describe, expect, it } from 'vitest';
import { originalViewSchema, publishedLinksSchema, type Project } from '@shared/api';
import { DELETE_ACCOUNT_CONFIRMATION } from '@shared/domain';
import { json, signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { decodeQr } from '../../testing/image-checks';
import { makePhoto } from '../../testing/images';
import { bytesOf, postProject, waitForFinish } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';

describe('short addresses of originals outlive the listing when asked to', () => {
  const t = useTestApp({ worker: true });
  const api = (p: string) => `${t.url}/api${p}`;

  /** A staged project, shared, with one labelled download: its printed code. */
  async function published(jar: CookieJar): Promise<{ project: Project; code: string; original: Buffer }> {
    const photo = await makePhoto({ width: 1000, height: 750 });
    const created = (await (await postProject(t.url, jar, { photo })).json()) as Project;
    const { project } = await waitForFinish(t.url, jar, created.id);
    expect((await jar.fetch(api(`/projects/${project.id}/share`), { method: 'POST' })).status).toBe(201);
    const listing = await bytesOf(await jar.fetch(api(`/projects/${project.id}/download?format=listing`)));
    const qr = (await decodeQr(listing))!;
    const original = await bytesOf(await jar.fetch(api(`/projects/${project.id}/images/original`)));
    return { project, code: new URL(qr).pathname.split('/')[2]!, original };
  }
  const links = async (jar: CookieJar, id: string) =>
    publishedLinksSchema.parse(await (await jar.fetch(api(`/projects/${id}/published-links`))).json()).links;

  it('keeps an archive with only the original when the owner deletes the project with keep', async () => {
    const { jar } = await signUp(t.url);
    const { project, code, original } = await published(jar);
    expect(await links(jar, project.id)).toBe(1);
    const state = (await (await jar.fetch(api(`/projects/${project.id}/share`))).json()) as {
      link: { token: string };
    };
    const token = state.link.token;

    const deleted = await jar.fetch(api(`/projects/${project.id}?keep=archive`), { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await jar.fetch(api(`/projects/${project.id}`))).status).toBe(404);
    // The share page is gone; the printed address still shows the original, and nothing else.
    expect((await fetch(api(`/shares/${token}`))).status).toBe(404);
    const view = originalViewSchema.parse(await (await fetch(api(`/originals/${code}`))).json());
    expect(view).toMatchObject({ archived: true, listingUrl: null, width: 1000, height: 750 });
    expect(Object.keys(view).sort()).toEqual(['archived', 'height', 'imageUrl', 'listingUrl', 'width']);
    expect((await bytesOf(await fetch(`${t.url}${view.imageUrl}`))).equals(original)).toBe(true);
    expect((await fetch(`${t.url}/o/${code}`)).headers.get('x-robots-tag')).toBe('noindex, nofollow');

    // Deleting the account takes the archive with it.
    const gone = await jar.fetch(
      api('/user/account'),
      json({ confirmationText: DELETE_ACCOUNT_CONFIRMATION }, { method: 'DELETE' }),
    );
    expect(gone.status).toBe(200);
    expect((await fetch(api(`/originals/${code}`))).status).toBe(404);
  });

  it('counts every downloaded file that carries the address for the revoke question, not only the addresses', async () => {
    const { jar } = await signUp(t.url);
    const { project } = await published(jar);
    await bytesOf(await jar.fetch(api(`/projects/${project.id}/download?format=listing`)));
    await bytesOf(await jar.fetch(api(`/projects/${project.id}/download`)));
    const res = await jar.fetch(api(`/projects/${project.id}/published-links`));
    expect(publishedLinksSchema.parse(await res.json())).toEqual({ links: 1, files: 3 });
  });

  it('ends the address when the project is deleted without keep, and when the share is revoked', async () => {
    const { jar } = await signUp(t.url);
    const first = await published(jar);
    expect((await fetch(api(`/originals/${first.code}`))).status).toBe(200);
    expect((await jar.fetch(api(`/projects/${first.project.id}`), { method: 'DELETE' })).status).toBe(200);
    const res = await fetch(api(`/originals/${first.code}`));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe('This link is no longer available.');

    const second = await published(jar);
    await jar.fetch(api(`/projects/${second.project.id}/share`), { method: 'DELETE' });
    expect((await fetch(api(`/originals/${second.code}`))).status).toBe(404);
    // Nothing published any more: deleting it breaks nothing, and a malformed code is the same 404.
    expect(await links(jar, second.project.id)).toBe(0);
    expect((await fetch(api('/originals/..%2Fetc'))).status).toBe(404);
  });
});
