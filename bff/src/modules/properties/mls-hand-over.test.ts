import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { handoverListSchema, propertyShareLinkSchema, type Property } from '@shared/api';
import { mlsProfile, remarksSentence } from '@shared/domain';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { decodeQr, regionDiff } from '../../testing/image-checks';
import { makePhoto } from '../../testing/images';
import { addRoom, createProperty, stageRoomDirectly } from '../../testing/property-helpers';
import { bytesOf } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { readZip } from '../../testing/zip-reader';

describe("the property ZIP follows the MLS's rules", () => {
  const t = useTestApp();
  const api = (p: string) => `${t.url}/api${p}`;

  /** Two staged rooms, shared with buyers. */
  async function sharedProperty(): Promise<{ jar: CookieJar; property: Property; url: string }> {
    const { jar, user } = await signUp(t.url);
    const created = await createProperty(t, jar, { name: '7 Elm St' });
    const photo = await makePhoto({ width: 1200, height: 900 });
    for (const roomType of ['kitchen', 'bedroom'] as const) {
      const room = await addRoom(t, jar, created.id, { roomType, photo });
      await stageRoomDirectly(t, user.id, created.id, room.id);
    }
    const res = await jar.fetch(api(`/properties/${created.id}/share`), { method: 'POST' });
    const { url } = propertyShareLinkSchema.parse(await res.json());
    const property = (await (await jar.fetch(api(`/properties/${created.id}`))).json()) as Property;
    return { jar, property, url };
  }
  const zipOf = async (jar: CookieJar, id: string, query = '') => {
    const res = await jar.fetch(api(`/properties/${id}/download${query}`));
    expect(res.status).toBe(200);
    return readZip(await bytesOf(res));
  };
  const staged = (jar: CookieJar, property: Property, i: number) =>
    jar.fetch(`${t.url}${property.rooms[i]!.project!.stagedImageUrl!}`).then(bytesOf);
  /** The bottom-left corner, where a plate would be. */
  const corner = { left: 0, top: 700, width: 400, height: 200 };

  it('MLS Now (chosen in Settings): no pixel added to any photo, and the remarks sentence', async () => {
    const { jar, property, url } = await sharedProperty();
    const put = await jar.fetch(api('/user/preferences'), {
      method: 'PUT',
      body: JSON.stringify({ mlsProfile: 'mls-now' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(await put.json()).toMatchObject({ mlsProfile: 'mls-now' });
    const entries = await zipOf(jar, property.id);
    expect(entries.map((e) => e.name)).toEqual([
      'disclosure.txt',
      'captions.csv',
      '01-kitchen.jpg',
      'originals/01-kitchen.jpg',
      '02-bedroom.jpg',
      'originals/02-bedroom.jpg',
    ]);
    for (const [i, name] of ['01-kitchen.jpg', '02-bedroom.jpg'].entries()) {
      const photo = entries.find((e) => e.name === name)!.data;
      expect(await decodeQr(photo)).toBeNull();
      expect(await regionDiff(photo, await staged(jar, property, i), corner)).toBeLessThan(2);
      expect((await sharp(photo).metadata()).xmp?.toString()).toContain(
        'compositeWithTrainedAlgorithmicMedia',
      );
    }
    const disclosure = entries[0]!.data.toString('utf8');
    const sentence = remarksSentence(mlsProfile('mls-now'), ['staged'], url)!;
    expect(sentence).toBe('One or more photos were digitally altered (furniture and decor added).');
    expect(disclosure).toContain(sentence);
    expect(disclosure).toContain('support.mlsnow.com');
  });

  it('Smart MLS (set on the property): every altered photo carries the watermark', async () => {
    const { jar, property } = await sharedProperty();
    const patched = await jar.fetch(api(`/properties/${property.id}`), {
      method: 'PATCH',
      body: JSON.stringify({ mlsProfile: 'smart-mls' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(((await patched.json()) as Property).mlsProfile).toBe('smart-mls');
    const entries = await zipOf(jar, property.id);
    const photos = entries.filter((e) => /^0\d-[a-z-]+\.jpg$/.test(e.name));
    expect(photos.map((e) => e.name)).toEqual(['01-kitchen.jpg', '02-bedroom.jpg']);
    for (const [i, photo] of photos.entries()) {
      // The label alone: no QR code on a board that asks only for the watermark.
      expect(await regionDiff(photo.data, await staged(jar, property, i), corner)).toBeGreaterThan(10);
      expect(await decodeQr(photo.data)).toBeNull();
    }
    const captions = entries.find((e) => e.name === 'captions.csv')!.data.toString('utf8');
    expect(captions).toContain('01-kitchen.jpg,Virtually Staged');
  });

  it('CRMLS (for one download): each original right after its altered photo, labelled in captions.csv', async () => {
    const { jar, property } = await sharedProperty();
    const entries = await zipOf(jar, property.id, '?mls=crmls');
    const top = entries.filter((e) => !e.name.includes('/') && e.name.endsWith('.jpg')).map((e) => e.name);
    expect(top).toEqual([
      '01-kitchen-1-altered.jpg',
      '01-kitchen-2-original.jpg',
      '02-bedroom-1-altered.jpg',
      '02-bedroom-2-original.jpg',
    ]);
    const rows = entries
      .find((e) => e.name === 'captions.csv')!
      .data.toString('utf8')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('file,photo description');
    const altered = rows.find((r) => r.startsWith('01-kitchen-1-altered.jpg,'))!;
    expect(altered).toMatch(
      new RegExp(
        `^01-kitchen-1-altered\\.jpg,Virtually staged\\. Unaltered original: ${t.url}/o/[a-z2-9]{10}$`,
      ),
    );
    expect(rows).toContain('01-kitchen-2-original.jpg,Unaltered original of the previous photo');
    // The property's own choice is untouched by a one-off download.
    expect(
      ((await (await jar.fetch(api(`/properties/${property.id}`))).json()) as Property).mlsProfile,
    ).toBeNull();
    // An unknown MLS gets a sentence, not a ZIP.
    const bad = await jar.fetch(api(`/properties/${property.id}/download?mls=atlantis`));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/Choose one of the listed MLS rules/);
  });

  it('keeps a hand-over record of every altered image downloaded; the same download again adds to its count', async () => {
    const { jar, property } = await sharedProperty();
    await zipOf(jar, property.id, '?mls=stellar');
    await zipOf(jar, property.id, '?mls=stellar');
    const res = await jar.fetch(api(`/properties/${property.id}/handovers`));
    const records = handoverListSchema.parse(await res.json());
    expect(records).toHaveLength(2);
    expect(await t.deps.repos.handovers.filesHandedOver({ propertyId: property.id })).toBe(4);
    for (const r of records) {
      expect(r).toMatchObject({
        mlsProfile: 'stellar',
        variant: 'clean',
        alteration: 'staged',
        structure: 'not checked',
        count: 2,
      });
      expect(r.originalSha256).toMatch(/^[0-9a-f]{64}$/);
      expect(r.downloadedBy).toContain('@');
    }
  });
});
