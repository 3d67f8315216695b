import sharp from 'sharp';
import { describe, it } from 'vitest';
import { originalViewSchema, shareStateSchema, type Project } from '@shared/api';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { makePhoto, multipart } from '../../testing/images';
import { previewRibbonMaxHeight } from '../../ai';
import { listingLayout } from '../../images/listing/listing-overlay';
import { decodeQr, regionDiff } from '../../testing/image-checks';
import { bytesOf, postProject, waitForFinish } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';

/** A short address as printed: the host and `/o/` with ten letters and digits. */
const SHORT_ADDRESS = /^http:\/\/[^/]+\/o\/[a-z2-9]{10}$/;
/** Our codes are printed dark on light: where one is expected, jsQR's inverted pass is skipped. */
const readQr = (image: Buffer) => decodeQr(image, { darkOnly: true });

// The four cases use their own accounts and projects: they run side by side, so one's staging and 4K
// renders overlap another's requests; each is given the time all four take together on a loaded machine.
describe.concurrent('listing-ready downloads over real HTTP', { timeout: 60_000 }, () => {
  const t = useTestApp({ worker: true });
  const api = (p: string) => `${t.url}/api${p}`;

  async function stagedProject(jar: CookieJar, fields: Record<string, string> = {}): Promise<Project> {
    const photo = await makePhoto({ width: 1200, height: 900 });
    const created = (await (await postProject(t.url, jar, { fields, photo })).json()) as Project;
    // Other cases stage beside this one: a generous wait, on a loaded machine.
    return (await waitForFinish(t.url, jar, created.id, 60_000)).project;
  }
  const shareState = async (jar: CookieJar, id: string) =>
    shareStateSchema.parse(await (await jar.fetch(api(`/projects/${id}/share`))).json());

  it("burns in the label and a QR code that leads a signed-out buyer to the original photo's page", async ({
    expect,
  }) => {
    const { jar } = await signUp(t.url);
    const project = await stagedProject(jar);
    expect((await shareState(jar, project.id)).link).toBeNull();

    // A GET never publishes a project: without a share link the download says what to do.
    const unshared = await jar.fetch(api(`/projects/${project.id}/download?format=listing`));
    expect(unshared.status).toBe(409);
    const refusal = (await unshared.json()) as { error: string; message: string };
    expect(refusal.error).toBe('not_shared');
    expect(refusal.message).toMatch(/Create the share link first/);
    expect((await shareState(jar, project.id)).link).toBeNull();

    const shared = await jar.fetch(api(`/projects/${project.id}/share`), { method: 'POST' });
    expect(shared.status).toBe(201);
    const res = await jar.fetch(api(`/projects/${project.id}/download?format=listing`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="staged-image-${project.id}-listing.jpg"`,
    );
    const listing = await bytesOf(res);
    // The QR code carries the short address of the original under the share link made above.
    const { link } = await shareState(jar, project.id);
    expect(link).not.toBeNull();
    const qr = await readQr(listing);
    expect(qr).toMatch(SHORT_ADDRESS);

    // Follow it as a phone would: the page, then (as the page does) its data and the original photo.
    const page = await fetch(qr!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const code = new URL(qr!).pathname.split('/')[2]!;
    const view = originalViewSchema.parse(await (await fetch(api(`/originals/${code}`))).json());
    expect(view).toMatchObject({ archived: false, listingUrl: `/s/${link!.token}` });
    const original = await bytesOf(await fetch(`${t.url}${view.imageUrl}`));
    const own = await bytesOf(await jar.fetch(api(`/projects/${project.id}/images/original`)));
    expect(original.equals(own)).toBe(true);

    // Against the plain download: the bottom-left corner carries the plate, the room's centre is unchanged.
    const plain = await bytesOf(await jar.fetch(api(`/projects/${project.id}/download`)));
    expect(await decodeQr(plain)).toBeNull();
    const { width = 0, height = 0 } = await sharp(plain).metadata();
    expect(await sharp(listing).metadata()).toMatchObject({ width, height });
    const spec = { label: 'Virtually staged', link: qr!, corner: 'bottom-left' } as const;
    const { plate } = listingLayout(width, height, spec, previewRibbonMaxHeight(width, height));
    expect(plate.left + plate.width / 2).toBeLessThan(width / 2);
    expect(plate.top).toBeGreaterThan(height / 2);
    expect(await regionDiff(plain, listing, plate)).toBeGreaterThan(40);
    const centre = {
      left: Math.round(width / 3),
      top: Math.round(height / 3),
      width: Math.round(width / 3),
      height: Math.round(height / 3),
    };
    expect(await regionDiff(plain, listing, centre)).toBeLessThan(3);

    // A second listing download keeps the same link.
    const again = await bytesOf(await jar.fetch(api(`/projects/${project.id}/download?format=listing`)));
    expect(await readQr(again)).toBe(qr);
  });

  it("draws the label above the preview engine's ribbon, never over its caption, at any aspect and in 4K", async ({
    expect,
  }) => {
    const { jar, user } = await signUp(t.url);
    await t.deps.repos.users.update(user.id, { plan: 'pro' });
    // The three photos are staged and downloaded side by side: each is its own project.
    const sizes = [
      [1200, 900],
      [768, 1024],
      [512, 512],
    ] as const;
    await Promise.all(
      sizes.map(async ([w, h]) => {
        const photo = await makePhoto({ width: w, height: h });
        const created = (await (await postProject(t.url, jar, { photo })).json()) as Project;
        const { project } = await waitForFinish(t.url, jar, created.id, 60_000);
        expect(project.engine).toBe('preview');
        expect((await jar.fetch(api(`/projects/${project.id}/share`), { method: 'POST' })).status).toBe(201);
        for (const size of ['', '&size=4k']) {
          // One after the other: the first download of a project makes its original's short address.
          const plain = await bytesOf(await jar.fetch(api(`/projects/${project.id}/download?${size}`)));
          const listing = await bytesOf(
            await jar.fetch(api(`/projects/${project.id}/download?format=listing${size}`)),
          );
          const { width = 0, height = 0 } = await sharp(plain).metadata();
          // The ribbon's band (as tall as it can be at this size) is the same in both downloads.
          const band = previewRibbonMaxHeight(width, height);
          const ribbon = { left: 0, top: height - band, width, height: band };
          const what = `${w} x ${h}${size}`;
          expect(await regionDiff(plain, listing, ribbon), what).toBeLessThan(3);
          expect(await readQr(listing), what).toMatch(SHORT_ADDRESS);
        }
      }),
    );
    // Twelve downloads, six of them 4K: slow on a loaded machine (the suite's timeout allows for it).
  });

  it('works for each multi-view variant, and in 4K for Pro only (a refused download makes no link)', async ({
    expect,
  }) => {
    const { jar, user } = await signUp(t.url);
    const project = await stagedProject(jar, { stagingMode: 'multi-view' });
    const free4k = await jar.fetch(api(`/projects/${project.id}/download?format=listing&size=4k`));
    expect(free4k.status).toBe(403);
    expect((await shareState(jar, project.id)).link).toBeNull();

    expect((await jar.fetch(api(`/projects/${project.id}/share`), { method: 'POST' })).status).toBe(201);
    const third = await jar.fetch(api(`/projects/${project.id}/download?format=listing&variant=2`));
    expect(third.status).toBe(200);
    expect(third.headers.get('content-disposition')).toContain(`staged-image-${project.id}-3-listing.jpg`);
    const qr = await readQr(await bytesOf(third));
    expect(qr).toMatch(SHORT_ADDRESS);

    await t.deps.repos.users.update(user.id, { plan: 'pro' });
    const pro4k = await jar.fetch(api(`/projects/${project.id}/download?format=listing&size=4k&variant=1`));
    expect(pro4k.status).toBe(200);
    expect(pro4k.headers.get('content-disposition')).toContain(`staged-image-${project.id}-2-listing-4k.jpg`);
    const bytes = await bytesOf(pro4k);
    const meta = await sharp(bytes).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(3840);
    expect(await readQr(bytes)).toBe(qr);
  });

  it('is for owners only: 404 for another user, 403 for a demo project', async ({ expect }) => {
    const a = await signUp(t.url);
    const b = await signUp(t.url);
    const project = await stagedProject(a.jar);
    expect((await b.jar.fetch(api(`/projects/${project.id}/download?format=listing`))).status).toBe(404);
    expect((await fetch(api(`/projects/${project.id}/download?format=listing`))).status).toBe(404);
    expect((await shareState(a.jar, project.id)).link).toBeNull();

    const demo = await fetch(api('/demo/stage'), {
      method: 'POST',
      body: multipart({ roomType: 'bedroom' }, { data: await makePhoto() }),
    });
    const { id } = (await demo.json()) as { id: string };
    const refused = await fetch(api(`/projects/${id}/download?format=listing`));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'listing_needs_account' });
    expect((await fetch(api(`/projects/${id}/download?format=poster`))).status).toBe(400);
  });
});
