import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { propertyShareLinkSchema, type Property } from '@shared/api';
import { propertyDisclosure } from '@shared/domain';
import { signUp } from '../../testing/auth-helpers';
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

  /** Four rooms; the first, third and fourth staged (the fourth by the preview engine). */
  async function stagedProperty(): Promise<{ jar: CookieJar; property: Property; userId: string }> {
    const { jar, user } = await signUp(t.url);
    const created = await createProperty(t, jar, { name: '12 Harbor Rd, Apt 3' });
    const photo = await makePhoto({ width: 1200, height: 900 });
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

  it('holds every staged room as a listing-ready JPEG in room order, the originals and the disclosure', async () => {
    const { jar, property } = await stagedProperty();
    const { token, url } = await share(jar, property.id);
    const res = await jar.fetch(api(`/properties/${property.id}/download`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="12-harbor-rd-apt-3.zip"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const entries = readZip(await bytesOf(res));
    expect(entries.map((e) => e.name)).toEqual([
      'DISCLOSURE.txt',
      '01-kitchen.jpg',
      'originals/01-kitchen.jpg',
      '03-living-room.jpg',
      'originals/03-living-room.jpg',
      '04-bathroom.jpg',
      'originals/04-bathroom.jpg',
    ]);
    const file = (name: string) => entries.find((e) => e.name === name)!.data;
    expect(file('DISCLOSURE.txt').toString('utf8')).toBe(propertyDisclosure(url));
    expect(file('DISCLOSURE.txt').toString('utf8')).toBe(
      `Photos marked Virtually staged were digitally altered; originals: ${t.url}/p/${token}\n`,
    );

    for (const room of property.rooms.filter((r) => r.project)) {
      const name = `${String(room.position).padStart(2, '0')}-${room.roomType}.jpg`;
      // The originals are the room photos as stored, byte for byte.
      const original = await bytesOf(await jar.fetch(`${t.url}${room.originalImageUrl}`));
      expect(file(`originals/${name}`).equals(original), name).toBe(true);
      // The listing photo is the staging at its size, carrying a QR code of that room's original.
      const listing = file(name);
      expect(await sharp(listing).metadata(), name).toMatchObject({
        format: 'jpeg',
        width: 1200,
        height: 900,
      });
      expect(await decodeQr(listing), name).toBe(`${t.url}/p/${token}/rooms/${room.id}/original`);
    }
    // The code leads a signed-out buyer to that room's original.
    const qr = (await decodeQr(file('03-living-room.jpg')))!;
    expect((await fetch(qr)).headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const viaPage = await bytesOf(
      await fetch(api(`/property-shares/${token}/rooms/${property.rooms[2]!.id}/original`)),
    );
    expect(viaPage.equals(file('originals/03-living-room.jpg'))).toBe(true);
  });

  it('renders each listing photo once per link: a repeat reads it back, a new link renders anew', async () => {
    const { jar, property } = await stagedProperty();
    await share(jar, property.id);
    const download = async () =>
      readZip(await bytesOf(await jar.fetch(api(`/properties/${property.id}/download`))));
    const listingOf = (entries: ReturnType<typeof readZip>) =>
      entries.find((e) => e.name === '01-kitchen.jpg')!.data;
    const first = listingOf(await download());
    const staging = property.rooms[0]!.project!;
    const folder = path.join(t.deps.config.dataDir, 'blobs', 'projects', staging.id);
    const kept = (await readdir(folder)).filter((f) => f.startsWith('listing-'));
    expect(kept).toHaveLength(1);
    // The staged photo is no longer read: the kept listing photo is sent as it was made.
    const stagedFile = path.join(folder, 'staged-0.jpg');
    const staged = await readFile(stagedFile);
    await writeFile(stagedFile, Buffer.from('not a photo any more'));
    expect(listingOf(await download()).equals(first)).toBe(true);

    await jar.fetch(api(`/properties/${property.id}/share`), { method: 'DELETE' });
    const { token } = await share(jar, property.id);
    await writeFile(stagedFile, staged);
    const renewed = listingOf(await download());
    expect(await decodeQr(renewed)).toBe(`${t.url}/p/${token}/rooms/${property.rooms[0]!.id}/original`);
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
    expect(readZip(await bytesOf(again))).toHaveLength(7);
    expect((await fetch(api('/health'))).status).toBe(200);
  });
});
