import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { propertyShareLinkSchema, publicPropertySchema, type Property } from '@shared/api';
import { json, signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { decodeQr } from '../../testing/image-checks';
import { makePhoto } from '../../testing/images';
import { addRoom, createProperty, stageRoomDirectly } from '../../testing/property-helpers';
import { bytesOf } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { readZip } from '../../testing/zip-reader';

describe('the property ZIP over real HTTP', () => {
  const t = useTestApp();
  const api = (p: string) => `${t.url}/api${p}`;
  const share = async (jar: CookieJar, id: string) =>
    propertyShareLinkSchema.parse(
      await (await jar.fetch(api(`/properties/${id}/share`), { method: 'POST' })).json(),
    );

  /**
   * The rooms' photo, made once: 800 x 600, so each labelled and clean photo the ZIP renders, and each
   * the test scans for a QR code, has half the pixels of a 1200 x 900 one.
   */
  const PHOTO = { width: 800, height: 600 };
  let photoMade: Promise<Buffer> | undefined;

  /** Four rooms; the first, third and fourth staged (the fourth by the preview engine). */
  async function stagedProperty(): Promise<{ jar: CookieJar; property: Property; userId: string }> {
    const { jar, user } = await signUp(t.url);
    const created = await createProperty(t, jar, { name: '12 Harbor Rd, Apt 3' });
    const photo = await (photoMade ??= makePhoto(PHOTO));
    const rooms = [];
    for (const roomType of ['kitchen', 'bedroom', 'living-room', 'bathroom'] as const)
      rooms.push(await addRoom(t, jar, created.id, { roomType, photo }));
    await stageRoomDirectly(t, user.id, created.id, rooms[0]!.id);
    await stageRoomDirectly(t, user.id, created.id, rooms[2]!.id);
    await stageRoomDirectly(t, user.id, created.id, rooms[3]!.id, 'preview');
    const property = (await (await jar.fetch(api(`/properties/${created.id}`))).json()) as Property;
    return { jar, property, userId: user.id };
  }

  it('needs the buyers link first (a GET never publishes), and a staged room', async () => {
    const { jar, property } = await stagedProperty();
    const unshared = await jar.fetch(api(`/properties/${property.id}/download`));
    expect(unshared.status).toBe(409);
    expect(await unshared.json()).toMatchObject({
      error: 'not_shared',
      message: /Create the share link first/,
    });
    expect((await jar.fetch(api(`/properties/${property.id}/share`))).status).toBe(200);
    expect(
      ((await (await jar.fetch(api(`/properties/${property.id}/share`))).json()) as { link: null }).link,
    ).toBeNull();

    await share(jar, property.id);
    for (const room of property.rooms.filter((r) => r.project))
      await jar.fetch(api(`/properties/${property.id}/rooms/${room.id}`), { method: 'DELETE' });
    const nothing = await jar.fetch(api(`/properties/${property.id}/download`));
    expect(nothing.status).toBe(409);
    expect(((await nothing.json()) as { error: string }).error).toBe('not_ready');
  });

  it("names a renamed room in the ZIP and on the buyers' page, not only by its room type", async () => {
    const { jar, property } = await stagedProperty();
    const { token } = await share(jar, property.id);
    const kitchen = property.rooms[0]!;
    const renamed = await jar.fetch(
      api(`/projects/${kitchen.project!.id}`),
      json({ name: 'Sunny kitchen' }, { method: 'PATCH' }),
    );
    expect(renamed.status).toBe(200);
    const zip = readZip(await bytesOf(await jar.fetch(api(`/properties/${property.id}/download`))));
    expect(zip.map((e) => e.name)).toContain('01-sunny-kitchen-1-altered.jpg');
    expect(zip.map((e) => e.name)).toContain('03-living-room-1-altered.jpg');
    const view = publicPropertySchema.parse(await (await fetch(api(`/property-shares/${token}`))).json());
    expect(view.rooms.map((r) => r.name)).toEqual(['Sunny kitchen', null, null]);
  });

  it('by default holds each labelled photo with its original after it, the clean set, captions and disclosure', async () => {
    const { jar, property } = await stagedProperty();
    const { token, url } = await share(jar, property.id);
    const res = await jar.fetch(api(`/properties/${property.id}/download`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="12-harbor-rd-apt-3.zip"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const entries = readZip(await bytesOf(res));
    expect(entries.map((e) => e.name)).toEqual([
      'disclosure.txt',
      'captions.csv',
      '01-kitchen-1-altered.jpg',
      '01-kitchen-2-original.jpg',
      '03-living-room-1-altered.jpg',
      '03-living-room-2-original.jpg',
      '04-bathroom-1-altered.jpg',
      '04-bathroom-2-original.jpg',
      'clean/01-kitchen-1-altered.jpg',
      'clean/03-living-room-1-altered.jpg',
      'clean/04-bathroom-1-altered.jpg',
    ]);
    const file = (name: string) => entries.find((e) => e.name === name)!.data;
    const disclosure = file('disclosure.txt').toString('utf8');
    expect(disclosure).toContain('Other / no MLS rules');
    expect(disclosure).toContain('One or more photos were digitally altered (furniture and decor added).');
    expect(disclosure).toContain(`Unaltered originals for buyers: ${url}`);
    const captions = file('captions.csv').toString('utf8').trim().split('\r\n');
    expect(captions[0]).toBe('file,photo caption');
    expect(captions).toContain('01-kitchen-1-altered.jpg,Virtually staged');
    expect(captions).toContain('01-kitchen-2-original.jpg,Unaltered original of the previous photo');

    for (const room of property.rooms.filter((r) => r.project)) {
      const name = `${String(room.position).padStart(2, '0')}-${room.roomType}`;
      // The originals are the room photos as stored, byte for byte.
      const original = await bytesOf(await jar.fetch(`${t.url}${room.originalImageUrl}`));
      expect(file(`${name}-2-original.jpg`).equals(original), name).toBe(true);
      // The labelled photo is the staging at its size, carrying a QR code of the room's short address.
      const listing = file(`${name}-1-altered.jpg`);
      expect(await sharp(listing).metadata(), name).toMatchObject({
        format: 'jpeg',
        ...PHOTO,
      });
      const qr = (await decodeQr(listing))!;
      expect(qr, name).toMatch(new RegExp(`^${t.url}/o/[a-z2-9]{10}$`));
      expect(new URL(qr).pathname.length).toBeLessThanOrEqual(30);
      // The address leads a signed-out buyer to that room's original, and says so inside the file.
      const code = new URL(qr).pathname.split('/')[2]!;
      const view = (await (await fetch(api(`/originals/${code}`))).json()) as { imageUrl: string };
      expect((await bytesOf(await fetch(`${t.url}${view.imageUrl}`))).equals(original), name).toBe(true);
      expect((await fetch(qr)).headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect((await sharp(listing).metadata()).xmp?.toString()).toContain(
        'compositeWithTrainedAlgorithmicMedia',
      );
      // The clean photo has no pixel added: no code, and the same picture.
      const clean = file(`clean/${name}-1-altered.jpg`);
      expect(await decodeQr(clean), name).toBeNull();
      expect((await sharp(clean).metadata()).xmp?.toString()).toContain(qr);
    }
    expect(disclosure).toContain(`/p/${token}`);
  });

  it('renders each photo once per link: a repeat reads it back, a new link renders anew', async () => {
    const { jar, property, userId } = await stagedProperty();
    await share(jar, property.id);
    const download = async () =>
      readZip(await bytesOf(await jar.fetch(api(`/properties/${property.id}/download`))));
    const listingOf = (entries: ReturnType<typeof readZip>) =>
      entries.find((e) => e.name === '01-kitchen-1-altered.jpg')!.data;
    const first = listingOf(await download());
    const staging = property.rooms[0]!.project!;
    const folder = path.join(t.deps.config.dataDir, 'blobs', 'projects', staging.id);
    const kept = (await readdir(folder)).filter((f) => f.startsWith('listing-') && f.endsWith('.jpg'));
    // The labelled and the clean photo.
    expect(kept).toHaveLength(2);
    // The staged photo is no longer read: the kept photos are sent as they were made, neither signed nor
    // checked again, and their hand-over records still say what their manifests are worth.
    const stagedFile = path.join(folder, 'staged-0.jpg');
    const staged = await readFile(stagedFile);
    await writeFile(stagedFile, Buffer.from('not a photo any more'));
    const marks = vi.spyOn(t.deps.provenance, 'mark');
    const checks = vi.spyOn(t.deps.provenance, 'checkC2pa');
    try {
      expect(listingOf(await download()).equals(first)).toBe(true);
      expect(marks).not.toHaveBeenCalled();
      expect(checks).not.toHaveBeenCalled();
    } finally {
      marks.mockRestore();
      checks.mockRestore();
    }
    const records = await t.deps.repos.handovers.listForProject(userId, staging.id);
    expect(records.map((r) => [r.variant, r.count, r.c2pa]).sort()).toEqual([
      ['clean', 2, 'valid-untrusted'],
      ['labelled', 2, 'valid-untrusted'],
    ]);
    const oldCode = (await decodeQr(first))!.split('/o/')[1]!;

    await jar.fetch(api(`/properties/${property.id}/share`), { method: 'DELETE' });
    // Revoking ends the printed address too.
    expect((await fetch(api(`/originals/${oldCode}`))).status).toBe(404);
    await share(jar, property.id);
    await writeFile(stagedFile, staged);
    const renewed = (await decodeQr(listingOf(await download())))!;
    expect(renewed).toMatch(new RegExp(`^${t.url}/o/[a-z2-9]{10}$`));
    expect(renewed.endsWith(oldCode)).toBe(false);
    expect((await fetch(api(`/originals/${renewed.split('/o/')[1]!}`))).status).toBe(200);
  });

  it('cuts the download off when a photo turns out damaged, and keeps serving', async () => {
    const { jar, property } = await stagedProperty();
    await share(jar, property.id);
    const staging = property.rooms[2]!.project!;
    const file = path.join(t.deps.config.dataDir, 'blobs', 'projects', staging.id, 'staged-0.jpg');
    const bytes = await readFile(file);
    bytes[bytes.length - 100] = (bytes[bytes.length - 100]! + 1) % 256;
    await writeFile(file, bytes);
    const res = await jar.fetch(api(`/properties/${property.id}/download`));
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
    expect((await fetch(api('/health'))).status).toBe(200);
  });

  it('stops working for a client that goes away mid-download', async () => {
    const { jar, property } = await stagedProperty();
    await share(jar, property.id);
    const controller = new AbortController();
    const res = await jar.fetch(api(`/properties/${property.id}/download`), { signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    // The next download of the same property is whole.
    const again = await jar.fetch(api(`/properties/${property.id}/download`));
    expect(readZip(await bytesOf(again))).toHaveLength(11);
    expect((await fetch(api('/health'))).status).toBe(200);
  });
});
