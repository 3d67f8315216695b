import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Project } from '@shared/api';
import { currentUsageMonth, MIN_PHOTO_SHORT_EDGE, STRUCTURE_WARNING } from '@shared/domain';
import { STRICT_SENTENCE } from '../ai/prompts';
import { renderRoom, roomAtLeast, type RoomVariant } from '../testing/synthetic-rooms';
import { signUp } from '../testing/auth-helpers';
import type { CookieJar } from '../testing/cookie-jar';
import { postProject, waitForFinish } from '../testing/staging-helpers';
import { useFakeOpenAI, useTestApp } from '../testing/use-test-app';
import { anotherRoom } from '../testing/another-room';
import { openDoorwaySvg, radiatorSvg } from '../testing/synthetic-surfaces';

/** After each staging the result is checked against the original: changed in one place, repaired; beyond repair, one strict retry. */
describe('structure check in the staging job', () => {
  const fake = useFakeOpenAI();
  const t = useTestApp({ env: () => fake.env, worker: true });
  const room = roomAtLeast(MIN_PHOTO_SHORT_EDGE);
  let jar: CookieJar;
  let userId: string;
  let photo: Buffer;
  const used = () => t.deps.repos.usage.getUsed(userId, currentUsageMonth());

  beforeAll(async () => {
    ({
      jar,
      user: { id: userId },
    } = await signUp(t.url));
    photo = await renderRoom(room, 'empty');
  });
  beforeEach(() => fake.reset());

  /** The fake answers its edits with these variants of the room, in order (the last one repeats). */
  const answers = (...variants: RoomVariant[]) => {
    fake.editImage = (_photo, i) => renderRoom(room, variants[Math.min(i, variants.length - 1)] ?? 'empty');
  };

  /** Unlocked (a free restyle), so the check, repair and strict retry judge the whole answer. */
  async function stage(fields: Record<string, string> = {}, from = photo, as = jar): Promise<Project> {
    const res = await postProject(t.url, as, { photo: from, fields: { freeRestyle: 'true', ...fields } });
    expect(res.status).toBe(201);
    const { project } = await waitForFinish(t.url, as, ((await res.json()) as Project).id, 30_000);
    return project;
  }
  const prompts = () => fake.edits().map((r) => r.fields.prompt ?? '');

  /** Another room altogether (another seed's, furnished, seen from another side): no repair makes it this one. */
  const elsewhere = () => anotherRoom(room);

  it('a moved window: repaired, not restaged: Restored note, unflagged, credit kept', async () => {
    answers('window-moved');
    const before = await used();
    const project = await stage();
    expect(project.status).toBe('completed');
    expect(prompts()).toHaveLength(1);
    expect(project.structureWarning).toBeNull();
    const [check] = project.structure;
    expect(check?.flagged).toBe(false);
    expect(check?.restored).toEqual([expect.stringMatching(/^the window /)]);
    expect(check?.changes).toEqual([]);
    expect(check?.regions.length).toBeGreaterThan(0);
    expect(await used()).toBe(before + 1);
    // The change mask (what was put back) is a PNG for the owner only.
    const mask = await jar.fetch(`${t.url}${check?.changesUrl ?? ''}`);
    expect([mask.status, mask.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect((await sharp(Buffer.from(await mask.arrayBuffer())).metadata()).format).toBe('png');
    const other = await signUp(t.url);
    expect((await other.jar.fetch(`${t.url}${check?.changesUrl ?? ''}`)).status).toBe(404);
  });

  it('a radiator taken away and a doorway walled up reach the agent by name, as the job finds them', async () => {
    // An account of its own: the other cases count this user's credits.
    const { jar: own } = await signUp(t.url);
    fake.editImage = () => renderRoom(room, 'empty');
    const radiator = await stage({}, await renderRoom(room, 'empty', radiatorSvg(room)), own);
    const [onRadiator] = radiator.structure;
    expect([...(onRadiator?.restored ?? []), ...(onRadiator?.changes ?? [])]).toEqual([
      expect.stringMatching(/^the radiator /i),
    ]);
    fake.editImage = () => renderRoom(room, 'door-removed');
    const doorway = await stage({}, await renderRoom(room, 'door-removed', openDoorwaySvg(room)), own);
    const [onDoorway] = doorway.structure;
    expect([...(onDoorway?.restored ?? []), ...(onDoorway?.changes ?? [])]).toContainEqual(
      expect.stringMatching(/^the door /i),
    );
  });

  it('another room: no repair fixes it, so it is staged again strictly; still changed -> kept, flagged, named', async () => {
    fake.editImage = () => elsewhere();
    const before = await used();
    const project = await stage();
    expect(prompts()).toHaveLength(2);
    expect(prompts()[0]).not.toContain(STRICT_SENTENCE);
    expect(prompts()[1]).toContain(STRICT_SENTENCE);
    expect(project.structureWarning).toBe(STRUCTURE_WARNING);
    // A free restyle is a design concept from the start: labelled as one wherever it is published.
    expect([project.freeRestyle, project.concept]).toEqual([true, true]);
    const [check] = project.structure;
    expect(check?.flagged).toBe(true);
    expect(check?.changes.length).toBeGreaterThan(0);
    expect(check?.restored).toEqual([]);
    expect(await used()).toBe(before + 1);
  });

  it('the strict retry keeps the room: its result is the one kept, unflagged', async () => {
    let call = 0;
    fake.editImage = async () => (call++ === 0 ? elsewhere() : renderRoom(room, 'furnished'));
    const project = await stage();
    expect(prompts()).toHaveLength(2);
    expect(project.structureWarning).toBeNull();
    expect(project.structure.map((c) => c.flagged)).toEqual([false]);
  });

  it('a result that keeps the room is checked once and not retried', async () => {
    answers('furnished');
    const project = await stage();
    expect(prompts()).toHaveLength(1);
    expect(project.structure).toHaveLength(1);
    expect(project.structure[0]?.flagged).toBe(false);
    expect(project.structureWarning).toBeNull();
  });

  it('multi-view: every option is checked and repaired; each names what it put back', async () => {
    answers('door-removed');
    const project = await stage({ stagingMode: 'multi-view' });
    expect(project.variants).toHaveLength(3);
    expect(project.structure.map((c) => c.flagged)).toEqual([false, false, false]);
    expect(project.structure.map((c) => c.restored[0])).toEqual([
      expect.stringMatching(/^the door /i),
      expect.stringMatching(/^the door /i),
      expect.stringMatching(/^the door /i),
    ]);
    expect(new Set(project.structure.map((c) => c.changesUrl)).size).toBe(3);
    // One request per option; each is repaired, none restaged.
    expect(prompts()).toHaveLength(3);
  });
});
