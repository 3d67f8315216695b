import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Project, VersionList } from '@shared/api';
import { EDIT_KIND_TABLE, currentUsageMonth, editUnsuitedMessage } from '@shared/domain';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { exteriorJpeg } from '../../testing/exterior-photo';
import { makePhoto } from '../../testing/images';
import { bytesOf, postProject, waitForFinish } from '../../testing/staging-helpers';
import { useFakeOpenAI, useTestApp } from '../../testing/use-test-app';
import {
  MIDDLE_STROKE,
  differingPixels,
  nearStroke,
  postEdit,
  waitForEdit,
  EDIT_WORKER_TUNING,
} from '../../testing/version-helpers';

describe('enhancements and Add through the real OpenAI SDK (loopback OpenAI)', () => {
  const fake = useFakeOpenAI();
  const t = useTestApp({ env: () => fake.env, worker: EDIT_WORKER_TUNING });
  // Two accounts, as five free credits a month would not cover both photos and every mode.
  let jar: CookieJar;
  let userId: string;
  let roomJar: CookieJar;
  let roomUserId: string;
  let exterior: Project;
  let room: Project;
  const used = (user = userId) => t.deps.repos.usage.getUsed(user, currentUsageMonth());

  beforeAll(async () => {
    const signed = await signUp(t.url);
    jar = signed.jar;
    userId = signed.user.id;
    fake.analysis = { roomType: 'exterior', style: 'modern', confidence: 'high' };
    const ext = await postProject(t.url, jar, {
      photo: await exteriorJpeg(900, 600),
      fields: { roomType: 'exterior' },
    });
    exterior = (await waitForFinish(t.url, jar, ((await ext.json()) as Project).id)).project;
    const other = await signUp(t.url);
    roomJar = other.jar;
    roomUserId = other.user.id;
    fake.analysis = { roomType: 'living-room', style: 'modern', confidence: 'high' };
    const res = await postProject(t.url, roomJar, { photo: await makePhoto({ width: 900, height: 600 }) });
    room = (await waitForFinish(t.url, roomJar, ((await res.json()) as Project).id)).project;
    expect([exterior.status, exterior.roomType, room.status]).toEqual(['completed', 'exterior', 'completed']);
  });
  afterEach(() => fake.reset());

  const cases = [
    {
      on: () => exterior,
      room: false,
      body: { kind: 'dusk', preset: 'Blue hour' },
      words: /dusk.*deep blue-hour sky.*light/i,
    },
    {
      on: () => exterior,
      room: false,
      body: { kind: 'sky', preset: 'Sunset' },
      words: /Replace only the sky with a warm sunset/,
    },
    {
      on: () => exterior,
      room: false,
      body: { kind: 'lawn', preset: 'Lush green' },
      words: /only the grass a healthy, lush green/,
    },
    {
      on: () => room,
      room: true,
      body: { kind: 'paint', colour: '#b2bca5' },
      words: /only the walls in Sage green \(#B2BCA5\).*Trim/,
    },
    {
      on: () => room,
      room: true,
      body: { kind: 'floor', preset: 'Walnut' },
      words: /only the floor covering with dark walnut planks/,
    },
  ] as const;

  it.each(cases)(
    '$body.kind: the mode prompt reaches OpenAI, one version with its class, one credit',
    async (c) => {
      const [owner, who] = c.room ? [roomJar, roomUserId] : [jar, userId];
      const before = await used(who);
      const project = c.on();
      const res = await postEdit(t.url, owner, project.id, c.body);
      expect(res.status, await res.clone().text()).toBe(202);
      const list = await waitForEdit(t.url, owner, project.id);
      expect(list.editError).toBeNull();
      expect(fake.refusals).toEqual([]);
      const edit = fake.edits().at(-1);
      expect(edit?.fields.prompt).toMatch(c.words);
      expect(edit?.fields.prompt).toMatch(/Edit this (house exterior|living room) photo/);
      // An enhancement has no painted area: the engine finds its region and the prompt keeps the rest.
      expect(edit?.files.some((f) => f.field === 'mask')).toBe(false);
      const latest = list.versions.at(-1);
      expect(latest).toMatchObject({ kind: c.body.kind, current: true, note: null });
      expect(latest?.alterations).toContain(EDIT_KIND_TABLE[c.body.kind].alteration);
      expect(latest?.instruction).toMatch(new RegExp(`^${EDIT_KIND_TABLE[c.body.kind].label}: `));
      expect(await used(who)).toBe(before + 1);
    },
  );

  it('refuses an enhancement the photo does not suit, or an unknown preset, before any credit', async () => {
    const before = [await used(), await used(roomUserId)];
    const paint = await postEdit(t.url, jar, exterior.id, { kind: 'paint', colour: '#2F3D4C' });
    expect(paint.status).toBe(422);
    expect(((await paint.json()) as { message: string }).message).toBe(editUnsuitedMessage('paint'));
    const sky = await postEdit(t.url, roomJar, room.id, { kind: 'sky', preset: 'Sunset' });
    expect(sky.status).toBe(422);
    const odd = await postEdit(t.url, jar, exterior.id, { kind: 'sky', preset: 'Purple rain' });
    expect(odd.status).toBe(400);
    expect(((await odd.json()) as { message: string }).message).toMatch(/presets offered/);
    const colour = await postEdit(t.url, roomJar, room.id, { kind: 'paint', colour: 'red' });
    expect(colour.status).toBe(400);
    expect([await used(), await used(roomUserId)]).toEqual(before);
    expect(fake.edits()).toHaveLength(0);
  });

  it('Add: the description and a mask of the painted area reach OpenAI; nothing outside it changes', async () => {
    fake.editImage = async (photo) => {
      const { width = 1, height = 1 } = await sharp(photo).metadata();
      return sharp({ create: { width, height, channels: 3, background: '#00ff00' } })
        .png()
        .toBuffer();
    };
    const list0 = (await (
      await roomJar.fetch(`${t.url}/api/projects/${room.id}/versions`)
    ).json()) as VersionList;
    const from = list0.versions.find((v) => v.current)?.number ?? 1;
    const res = await postEdit(t.url, roomJar, room.id, {
      kind: 'fill',
      strokes: [MIDDLE_STROKE],
      instruction: 'a reading chair',
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const list = await waitForEdit(t.url, roomJar, room.id);
    expect(list.editError).toBeNull();
    const edit = fake.edits().at(-1);
    expect(edit?.fields.prompt).toMatch(/Place a reading chair in the transparent area of the mask/);
    expect(edit?.files.find((f) => f.field === 'mask')?.mimeType).toBe('image/png');
    const latest = list.versions.at(-1);
    expect(latest).toMatchObject({ kind: 'fill', instruction: 'a reading chair' });
    expect(latest?.alterations).toContain('staged');
    const image = async (n: number) =>
      bytesOf(await roomJar.fetch(`${t.url}/api/projects/${room.id}/versions/${n}/image`));
    const diff = await differingPixels(
      await image(from),
      await image(latest?.number ?? 0),
      nearStroke(MIDDLE_STROKE, 0.02),
    );
    expect(diff.outside).toBe(0);
    expect(diff.within).toBeGreaterThan(1000);
  });
});
