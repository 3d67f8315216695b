import { describe, expect, it } from 'vitest';
import type { Project, ProjectStatusResponse, StagePropertyResponse } from '@shared/api';
import { currentUsageMonth } from '@shared/domain';
import { projectBlobPrefix } from '../../store';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { seedProperty, stageRooms } from '../../testing/property-rooms';
import { waitForFinish } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { PROPERTY_NOT_FOUND_MESSAGE, ROOM_NOT_IN_PROPERTY_MESSAGE } from './property-staging.service';

const LOOK = { stylePreset: 'scandinavian', colorPalette: 'navy-gold', customPrompt: 'Add plants' };

describe('POST /api/properties/{id}/stage with the preview engine', () => {
  const t = useTestApp({ worker: true });
  const used = (userId: string) => t.deps.repos.usage.getUsed(userId, currentUsageMonth());

  async function stagedRun(jar: CookieJar, propertyId: string, roomIds: string[]) {
    const res = await stageRooms(jar.fetch.bind(jar), t.url, propertyId, { roomIds, ...LOOK });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as StagePropertyResponse).rooms;
  }

  it('stages every chosen room as its own project, each with its own room type, in one look', async () => {
    const { jar, user } = await signUp(t.url);
    const { property, rooms } = await seedProperty(t.deps, user.id, [
      { roomType: 'living-room' },
      { roomType: 'kitchen' },
      { roomType: 'bedroom', width: 600, height: 800 },
    ]);
    const run = await stagedRun(
      jar,
      property._id,
      rooms.map((r) => r._id),
    );
    expect(run.map((r) => r.roomId)).toEqual(rooms.map((r) => r._id));
    expect(await used(user.id)).toBe(3);

    for (const [i, { roomId, projectId }] of run.entries()) {
      const room = rooms[i]!;
      // Progress as the property screen polls it.
      const status = await jar.fetch(`${t.url}/api/projects/${projectId}/status`);
      expect(status.status).toBe(200);
      expect(((await status.json()) as ProjectStatusResponse).status).toMatch(/pending|processing|completed/);
      const { project } = await waitForFinish(t.url, jar, projectId);
      expect(project).toMatchObject({
        status: 'completed',
        progress: '100',
        roomType: room.roomType,
        stagingMode: 'stage',
        stylePreset: 'scandinavian',
        colorPalette: 'navy-gold',
        customPrompt: 'Add plants',
        engine: 'preview',
      } satisfies Partial<Project>);
      expect(project.name).toMatch(/^12 Harbor Rd - (Living Room|Kitchen|Bedroom)$/);
      const doc = await t.deps.repos.projects.findById(projectId);
      expect(doc).toMatchObject({
        propertyId: property._id,
        roomId,
        images: { original: room.images.original },
      });
      // The room's photo is read where it is; only the result is the project's own.
      expect(doc?.images.staged).toEqual([`${projectBlobPrefix(projectId)}staged-0.jpg`]);
      expect(doc).not.toHaveProperty('styleReferenceId');
      expect((await t.deps.repos.rooms.findForOwner(user.id, roomId))?.projectId).toBe(projectId);
      const staged = await jar.fetch(`${t.url}${project.stagedImageUrl}`);
      expect(staged.status).toBe(200);
      const original = await jar.fetch(`${t.url}${project.originalImageUrl}`);
      expect(Buffer.from(await original.arrayBuffer())).toEqual(
        (await t.deps.store.blobs.get(room.images.original))?.data,
      );
    }
    expect(await used(user.id)).toBe(3);
  });

  it('restages one room alone: a new project for it, the others keep theirs', async () => {
    const { jar, user } = await signUp(t.url);
    const { property, rooms } = await seedProperty(t.deps, user.id, [
      { roomType: 'living-room' },
      { roomType: 'dining-room' },
      { roomType: 'office' },
    ]);
    const first = await stagedRun(
      jar,
      property._id,
      rooms.map((r) => r._id),
    );
    for (const r of first) await waitForFinish(t.url, jar, r.projectId);
    const again = await stagedRun(jar, property._id, [rooms[1]!._id]);
    expect(again).toHaveLength(1);
    expect(again[0]?.projectId).not.toBe(first[1]?.projectId);
    await waitForFinish(t.url, jar, again[0]!.projectId);
    const latest = await Promise.all(rooms.map((r) => t.deps.repos.rooms.findForOwner(user.id, r._id)));
    expect(latest.map((r) => r?.projectId)).toEqual([
      first[0]?.projectId,
      again[0]?.projectId,
      first[2]?.projectId,
    ]);
    // The earlier staging stays in the user's projects.
    expect((await t.deps.repos.projects.findById(first[1]!.projectId))?.status).toBe('completed');
    expect(await used(user.id)).toBe(4);
  });

  it('is the owner’s only: 404 for anyone else, 401 signed out, 404 for rooms of another property', async () => {
    const owner = await signUp(t.url);
    const other = await signUp(t.url);
    const { property, rooms } = await seedProperty(t.deps, owner.user.id, [{ roomType: 'kitchen' }]);
    const elsewhere = await seedProperty(t.deps, owner.user.id, [{ roomType: 'bedroom' }]);
    const body = { roomIds: [rooms[0]!._id], ...LOOK };

    const stranger = await stageRooms(other.jar.fetch.bind(other.jar), t.url, property._id, body);
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual({ error: 'not_found', message: PROPERTY_NOT_FOUND_MESSAGE });
    const strangerBadBody = await stageRooms(other.jar.fetch.bind(other.jar), t.url, property._id, {});
    expect(strangerBadBody.status).toBe(404);
    const signedOut = await stageRooms(fetch, t.url, property._id, body);
    expect(signedOut.status).toBe(401);

    const foreign = await stageRooms(owner.jar.fetch.bind(owner.jar), t.url, property._id, {
      ...body,
      roomIds: [rooms[0]!._id, elsewhere.rooms[0]!._id],
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: 'not_found', message: ROOM_NOT_IN_PROPERTY_MESSAGE });
    const bad = await stageRooms(owner.jar.fetch.bind(owner.jar), t.url, property._id, {
      ...body,
      roomIds: ['not-a-uuid'],
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/UUID/);

    // Nothing was charged or made by any of these.
    expect(await used(owner.user.id)).toBe(0);
    expect(await used(other.user.id)).toBe(0);
    expect(await t.deps.repos.projects.listForOwner(owner.user.id)).toEqual([]);
  });
});
