import { describe, expect, it } from 'vitest';
import { propertyShareLinkSchema, propertyShareStateSchema, publicPropertySchema } from '@shared/api';
import { json, signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { makePhoto } from '../../testing/images';
import { addRoom, createProperty, newId, stageRoomDirectly } from '../../testing/property-helpers';
import { bytesOf } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { isMarkedCopy } from '../../testing/c2pa-reference';

const GONE = 'This share link does not exist or was revoked by its owner.';

describe('the buyers link of a property over real HTTP', () => {
  const t = useTestApp();
  const api = (p: string) => `${t.url}/api${p}`;
  const shareState = async (jar: CookieJar, id: string) =>
    propertyShareStateSchema.parse(await (await jar.fetch(api(`/properties/${id}/share`))).json());

  it('shares the staged rooms in order with anyone holding the link, never indexed, until it is revoked', async () => {
    const { jar, user } = await signUp(t.url);
    const property = await createProperty(t, jar, { name: '12 Harbor Rd', listingNumber: 'MLS-7' });
    const photo = await makePhoto({ width: 1200, height: 900 });
    const [kitchen, bedroom, living] = [
      await addRoom(t, jar, property.id, { roomType: 'kitchen', photo }),
      await addRoom(t, jar, property.id, { roomType: 'bedroom', photo }),
      await addRoom(t, jar, property.id, { roomType: 'living-room', photo }),
    ];
    expect(await shareState(jar, property.id)).toEqual({ link: null });
    // Nothing to show yet: no link is made.
    const early = await jar.fetch(api(`/properties/${property.id}/share`), { method: 'POST' });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toBe('not_ready');

    const stagedKitchen = await stageRoomDirectly(t, user.id, property.id, kitchen.id);
    await stageRoomDirectly(t, user.id, property.id, living.id, 'preview');
    const answers = await Promise.all(
      [1, 2, 3].map(() => jar.fetch(api(`/properties/${property.id}/share`), { method: 'POST' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    const links = await Promise.all(answers.map(async (r) => propertyShareLinkSchema.parse(await r.json())));
    const { token, url } = links[0]!;
    expect(links.every((l) => l.token === token)).toBe(true);
    expect(url).toBe(`${t.url}/p/${token}`);
    expect(await shareState(jar, property.id)).toEqual({ link: { token, url } });

    const view = await fetch(api(`/property-shares/${token}`));
    expect(view.status).toBe(200);
    expect(view.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(view.headers.get('cache-control')).toBe('no-store');
    const shared = publicPropertySchema.parse(await view.json());
    expect(shared).toEqual({
      name: '12 Harbor Rd',
      agent: null,
      listingNumber: 'MLS-7',
      rooms: [
        {
          id: kitchen.id,
          position: 1,
          roomType: 'kitchen',
          name: null,
          engine: 'openai',
          originalImageUrl: `/api/property-shares/${token}/rooms/${kitchen.id}/original`,
          stagedImageUrl: `/api/property-shares/${token}/rooms/${kitchen.id}/staged`,
          width: 1200,
          height: 900,
          concept: false,
        },
        expect.objectContaining({ position: 3, roomType: 'living-room', engine: 'preview' }),
      ],
    });
    // The images are the room's own photo and its staging, to a signed-out visitor.
    const original = await fetch(`${t.url}${shared.rooms[0]!.originalImageUrl}`);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(
      (await bytesOf(original)).equals(await bytesOf(await jar.fetch(`${t.url}${kitchen.originalImageUrl}`))),
    ).toBe(true);
    // The staging as handed out: watermarked and signed.
    const staged = await bytesOf(await fetch(`${t.url}${shared.rooms[0]!.stagedImageUrl}`));
    const own = await bytesOf(await jar.fetch(api(`/projects/${stagedKitchen._id}/images/staged`)));
    expect(await isMarkedCopy(staged, own)).toBe(true);
    // A room without a staging is not on the page, nor are its photos.
    const elsewhere = newId();
    for (const path of [
      `/rooms/${bedroom.id}/original`,
      `/rooms/${bedroom.id}/staged`,
      `/rooms/${elsewhere}/original`,
    ])
      expect((await fetch(api(`/property-shares/${token}${path}`))).status, path).toBe(404);
    for (const path of [`/rooms/x/original`, `/rooms/1/original`, `/rooms/${kitchen.id}/thumb`])
      expect((await fetch(api(`/property-shares/${token}${path}`))).status, path).toBe(400);

    // The page itself is the app's, never indexed, also on a room's original (the QR code target).
    for (const path of [`/p/${token}`, `/p/${token}/rooms/${kitchen.id}/original`]) {
      const page = await fetch(`${t.url}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.headers.get('x-robots-tag'), path).toBe('noindex, nofollow');
    }

    // Reordering the rooms reorders the page.
    const reorder = await jar.fetch(
      api(`/properties/${property.id}`),
      json({ roomOrder: [living.id, kitchen.id, bedroom.id] }, { method: 'PATCH' }),
    );
    expect(reorder.status).toBe(200);
    const reordered = publicPropertySchema.parse(
      await (await fetch(api(`/property-shares/${token}`))).json(),
    );
    expect(reordered.rooms.map((r) => [r.position, r.roomType])).toEqual([
      [1, 'living-room'],
      [2, 'kitchen'],
    ]);
    // A room keeps its links when the rooms move: a printed QR code still names the same room.
    expect(reordered.rooms[1]!.originalImageUrl).toBe(shared.rooms[0]!.originalImageUrl);
    const moved = await bytesOf(await fetch(`${t.url}${reordered.rooms[1]!.originalImageUrl}`));
    expect(moved.equals(await bytesOf(await jar.fetch(`${t.url}${kitchen.originalImageUrl}`)))).toBe(true);

    const revoked = await jar.fetch(api(`/properties/${property.id}/share`), { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    for (const path of ['', `/rooms/${kitchen.id}/original`, `/rooms/${living.id}/staged`]) {
      const res = await fetch(api(`/property-shares/${token}${path}`));
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe(GONE);
    }
    expect(await shareState(jar, property.id)).toEqual({ link: null });
    const again = propertyShareLinkSchema.parse(
      await (await jar.fetch(api(`/properties/${property.id}/share`), { method: 'POST' })).json(),
    );
    expect(again.token).not.toBe(token);
  });

  it('answers unknown and malformed tokens alike', async () => {
    for (const token of [
      'AAAAAAAAAAAAAAAAAAAAAAAA',
      'short',
      '..%2F..%2Fusers',
      encodeURIComponent('{"$ne":null}'),
    ]) {
      const res = await fetch(api(`/property-shares/${token}`));
      expect(res.status, token).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe(GONE);
    }
  });
});

describe('the buyers link under load from one address', () => {
  const t = useTestApp({ env: { SHARE_REQUESTS_PER_IP: '3' } });

  it('is limited per address, with the project shares', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await fetch(`${t.url}/api/property-shares/AAAAAAAAAAAAAAAAAAAAAAAA`)).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const project = await fetch(`${t.url}/api/shares/AAAAAAAAAAAAAAAAAAAAAAAA`);
    expect(project.status).toBe(429);
    expect(project.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
