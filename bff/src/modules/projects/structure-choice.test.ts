import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  handoverListSchema,
  publicShareSchema,
  type Project,
  type Property,
  type StagePropertyResponse,
} from '@shared/api';
import {
  CONCEPT_LABEL,
  FREE_GENERATIONS_PER_MONTH,
  MIN_PHOTO_SHORT_EDGE,
  STRUCTURE_NOT_FLAGGED_MESSAGE,
  STRUCTURE_UNDECIDED_MESSAGE,
  currentUsageMonth,
} from '@shared/domain';
import { STRICT_SENTENCE } from '../../ai/prompts';
import { renderRoom, roomAtLeast } from '../../testing/synthetic-rooms';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { addRoom, createProperty } from '../../testing/property-helpers';
import { stageRooms } from '../../testing/property-rooms';
import { bytesOf, postProject, waitForFinish } from '../../testing/staging-helpers';
import { useFakeOpenAI, useTestApp } from '../../testing/use-test-app';
import { anotherRoom } from '../../testing/another-room';

const xmpOf = async (jpeg: Buffer) => (await sharp(jpeg).metadata()).xmp?.toString('utf8') ?? '';

/** A result that still changes the room is not listing-ready until its owner restages it or keeps it as a concept. */
describe('restage or keep as concept', () => {
  const fake = useFakeOpenAI();
  const t = useTestApp({ env: () => fake.env, worker: true });
  const api = (p: string) => `${t.url}/api${p}`;
  const room = roomAtLeast(MIN_PHOTO_SHORT_EDGE);
  let photo: Buffer;
  beforeAll(async () => {
    photo = await renderRoom(room, 'empty');
  });
  beforeEach(() => fake.reset());

  /**
   * Another room seen from another side: beyond repair, and the strict retry answers the same. Locked, it
   * is the photo outside the lock: the vision model is what finds the room changed.
   */
  const elsewhere = () => anotherRoom(room);

  async function staged(jar: CookieJar, changed: boolean): Promise<Project> {
    fake.editImage = () => (changed ? elsewhere() : renderRoom(room, 'furnished'));
    fake.verdict = changed ? 'changed' : 'kept';
    const res = await postProject(t.url, jar, { photo });
    expect(res.status).toBe(201);
    return (await waitForFinish(t.url, jar, ((await res.json()) as Project).id, 30_000)).project;
  }
  const post = (jar: CookieJar, path: string) => jar.fetch(api(path), { method: 'POST' });

  it('a flagged result: no listing-ready download until chosen; kept, every copy says it is a concept', async () => {
    const { jar, user } = await signUp(t.url);
    const project = await staged(jar, true);
    expect(project.structure[0]?.flagged).toBe(true);
    expect(project.concept).toBe(false);
    expect((await post(jar, `/projects/${project.id}/share`)).status).toBe(201);

    const undecided = await jar.fetch(api(`/projects/${project.id}/download?format=listing`));
    expect(undecided.status).toBe(409);
    expect(await undecided.json()).toEqual({
      error: 'structure_undecided',
      message: STRUCTURE_UNDECIDED_MESSAGE,
    });
    // The plain copy stays available (it is the agent's own file).
    expect((await jar.fetch(api(`/projects/${project.id}/download`))).status).toBe(200);

    // Someone else can neither see nor choose for it.
    const other = await signUp(t.url);
    expect((await post(other.jar, `/projects/${project.id}/concept`)).status).toBe(404);
    expect((await post(other.jar, `/projects/${project.id}/restage`)).status).toBe(404);

    const kept = await post(jar, `/projects/${project.id}/concept`);
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as Project).concept).toBe(true);

    const listing = await jar.fetch(api(`/projects/${project.id}/download?format=listing`));
    expect(listing.status).toBe(200);
    const xmp = await xmpOf(await bytesOf(listing));
    expect(xmp).toContain(CONCEPT_LABEL);
    const records = handoverListSchema.parse(
      await (await jar.fetch(api(`/projects/${project.id}/handovers`))).json(),
    );
    expect(records[0]).toMatchObject({ alteration: 'concept', structure: 'failed', variant: 'labelled' });
    const { link } = (await (await jar.fetch(api(`/projects/${project.id}/share`))).json()) as {
      link: { token: string } | null;
    };
    const share = publicShareSchema.parse(await (await fetch(api(`/shares/${link!.token}`))).json());
    expect(share.concept).toBe(true);
    expect(user.id).toBeTruthy();
  });

  it('restage: a new staging of the same photo and options, strictly worded, free once its credit came back', async () => {
    const { jar, user } = await signUp(t.url);
    const project = await staged(jar, true);
    const used = () => t.deps.repos.usage.getUsed(user.id, currentUsageMonth());
    // The flagged result's credit comes back just after it reads 'completed': the count is read once it has.
    await expect.poll(used).toBe(0);
    const before = await used();
    fake.reset();
    fake.editImage = () => renderRoom(room, 'furnished');
    const restage = () =>
      jar.fetch(api(`/projects/${project.id}/restage`), {
        method: 'POST',
        headers: { 'Idempotency-Key': `restage-${project.id}` },
      });
    const res = await restage();
    expect(res.status).toBe(201);
    const again = (await res.json()) as Project;
    // A retried call with the same Idempotency-Key answers the same project and never spends twice.
    const retried = await restage();
    expect(((await retried.json()) as Project).id).toBe(again.id);
    expect(again.id).not.toBe(project.id);
    // Named apart from its source, not 'Living Room 2'; a restaging of it is marked once, then numbered.
    expect(again.name).toBe(`${project.name} (restaged)`);
    expect(again).toMatchObject({
      stagingMode: project.stagingMode,
      roomType: project.roomType,
      stylePreset: project.stylePreset,
      colorPalette: project.colorPalette,
    });
    expect(await used()).toBe(before);
    const done = (await waitForFinish(t.url, jar, again.id, 30_000)).project;
    expect(done.structure[0]?.flagged).toBe(false);
    // Worded as strictly from the start as a property room's restaging: the last result changed the room.
    expect(fake.edits()[0]?.fields.prompt).toContain(STRICT_SENTENCE);
    const original = await bytesOf(await jar.fetch(api(`/projects/${again.id}/images/original`)));
    expect((await sharp(original).metadata()).width).toBe(room.width);
  });

  it('a result that keeps the room has nothing to keep as a concept', async () => {
    const { jar } = await signUp(t.url);
    const project = await staged(jar, false);
    const res = await post(jar, `/projects/${project.id}/concept`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'not_flagged', message: STRUCTURE_NOT_FLAGGED_MESSAGE });
  });

  it("a property's flagged room: restaged as the same room, strictly from the start, free", async () => {
    const { jar, user } = await signUp(t.url);
    const property = await createProperty(t, jar, { name: '7 Elm St' });
    const added = await addRoom(t, jar, property.id, { roomType: 'kitchen', photo });
    fake.editImage = () => elsewhere();
    fake.verdict = 'changed';
    const run = await stageRooms(jar.fetch.bind(jar), t.url, property.id, {
      roomIds: [added.id],
      stylePreset: 'scandinavian',
      colorPalette: 'neutral-warm',
    });
    expect(run.status).toBe(201);
    const [first] = ((await run.json()) as StagePropertyResponse).rooms;
    const flagged = (await waitForFinish(t.url, jar, first!.projectId, 30_000)).project;
    expect(flagged.structure[0]?.flagged).toBe(true);

    const other = await signUp(t.url);
    expect((await post(other.jar, `/projects/${flagged.id}/restage`)).status).toBe(404);

    const used = () => t.deps.repos.usage.getUsed(user.id, currentUsageMonth());
    const before = await used();
    fake.reset();
    fake.editImage = () => renderRoom(room, 'furnished');
    const res = await post(jar, `/projects/${flagged.id}/restage`);
    expect(res.status).toBe(201);
    const again = (await res.json()) as Project;
    expect(again.id).not.toBe(flagged.id);
    expect(again).toMatchObject({ stylePreset: 'scandinavian', colorPalette: 'neutral-warm' });
    // Its credit came back when it was flagged; its restage is on us too.
    expect(flagged.creditReturned).toBe(true);
    expect(await used()).toBe(before);
    // Asked twice while the first is being staged: the room is busy, nothing is charged.
    const twice = await post(jar, `/projects/${flagged.id}/restage`);
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { error: string }).error).toBe('room_busy');
    expect(await used()).toBe(before);

    const done = (await waitForFinish(t.url, jar, again.id, 30_000)).project;
    expect(done.structure[0]?.flagged).toBe(false);
    expect(fake.edits()[0]?.fields.prompt).toContain(STRICT_SENTENCE);
    // The same room, in the same slot, now shows the new staging.
    const view = (await (await jar.fetch(api(`/properties/${property.id}`))).json()) as Property;
    expect(view.rooms.map((r) => r.id)).toEqual([added.id]);
    expect(view.rooms[0]?.project?.id).toBe(again.id);
  });

  it("a property's room without credits left: refused before anything is made", async () => {
    const { jar, user } = await signUp(t.url);
    const property = await createProperty(t, jar, { name: '9 Oak Ave' });
    const added = await addRoom(t, jar, property.id, { photo });
    // Staged through the app (its worker would race a hand-made staging for the claim).
    const run = await stageRooms(jar.fetch.bind(jar), t.url, property.id, {
      roomIds: [added.id],
      stylePreset: 'modern',
      colorPalette: 'coastal',
    });
    const [staged] = ((await run.json()) as StagePropertyResponse).rooms;
    const roomProject = { _id: staged!.projectId };
    await waitForFinish(t.url, jar, roomProject._id, 30_000);
    const month = currentUsageMonth();
    const left = FREE_GENERATIONS_PER_MONTH - (await t.deps.repos.usage.getUsed(user.id, month));
    const ids = Array.from({ length: left }, (_, i) => `used-${i}`);
    await t.deps.repos.usage.reserveCredits(user.id, month, FREE_GENERATIONS_PER_MONTH, ids);
    // Used, not pending: housekeeping refunds a pending credit whose project is not stored.
    for (const id of ids) await t.deps.repos.usage.settleReservation(user.id, month, id);
    const refused = await post(jar, `/projects/${roomProject._id}/restage`);
    expect(refused.status).toBe(402);
    expect(await t.deps.repos.projects.listForOwner(user.id)).toHaveLength(1);
    const room = (await t.deps.repos.rooms.listForProperty(user.id, property.id))[0];
    expect(room?.projectId).toBe(roomProject._id);
  });
});
