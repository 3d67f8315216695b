import { beforeAll, describe, expect, it } from 'vitest';
import type { MaskStroke, Project, VersionList } from '@shared/api';
import { MIN_PHOTO_SHORT_EDGE, STRUCTURE_WARNING } from '@shared/domain';
import { renderRoom, roomAtLeast } from '../../testing/synthetic-rooms';
import { anotherRoom } from '../../testing/another-room';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { postProject, waitForFinish } from '../../testing/staging-helpers';
import { useFakeOpenAI, useTestApp } from '../../testing/use-test-app';
import { differingPixels, postEdit, waitForEdit, EDIT_WORKER_TUNING } from '../../testing/version-helpers';

describe('the structure check on edits (loopback OpenAI)', () => {
  const fake = useFakeOpenAI();
  const t = useTestApp({ env: () => fake.env, worker: EDIT_WORKER_TUNING });
  const room = roomAtLeast(MIN_PHOTO_SHORT_EDGE);
  let jar: CookieJar;
  let id: string;
  const get = async <T>(path: string) => (await jar.fetch(`${t.url}${path}`)).json() as Promise<T>;
  const project = () => get<Project>(`/api/projects/${id}`);
  const setCurrent = (n: number) =>
    jar.fetch(`${t.url}/api/projects/${id}/versions/${n}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ current: true }),
    });

  beforeAll(async () => {
    jar = (await signUp(t.url)).jar;
    // The staging furnishes the room and keeps it: version 1 passes.
    fake.editImage = () => renderRoom(room, 'furnished');
    const res = await postProject(t.url, jar, { photo: await renderRoom(room, 'empty') });
    id = ((await res.json()) as Project).id;
    const staged = (await waitForFinish(t.url, jar, id, 30_000)).project;
    expect(staged.status).toBe('completed');
    expect(staged.structure[0]?.flagged).toBe(false);
  });

  it('flags a refine whose result is another room: named, with its mask; Keep as concept follows the version', async () => {
    fake.editImage = () => anotherRoom(room);
    const res = await postEdit(t.url, jar, id, { kind: 'refine', instruction: 'make the sofa grey' });
    expect(res.status, await res.clone().text()).toBe(202);
    const list = await waitForEdit(t.url, jar, id, 30_000);
    expect(list.editError).toBeNull();
    const v2 = list.versions.find((v) => v.number === 2);
    expect(v2).toMatchObject({ current: true, flagged: true, madeFrom: 1, concept: false });
    expect(list.versions.find((v) => v.number === 1)?.flagged).toBe(false);

    const flagged = await project();
    expect(flagged.structureWarning).toBe(STRUCTURE_WARNING);
    // Named in the check's words (the staged version it is compared with is the locked composite).
    expect(flagged.structure[0]?.changes.length).toBeGreaterThan(0);
    // Asked of the vision model, as a flagged staging is.
    expect(fake.reviews().length).toBeGreaterThan(0);
    const mask = await jar.fetch(`${t.url}${flagged.structure[0]?.changesUrl ?? ''}`);
    expect(mask.status).toBe(200);
    expect(mask.headers.get('content-type')).toBe('image/png');

    expect((await jar.fetch(`${t.url}/api/projects/${id}/concept`, { method: 'POST' })).status).toBe(200);
    const kept = await get<VersionList>(`/api/projects/${id}/versions`);
    expect(kept.versions.find((v) => v.number === 2)?.concept).toBe(true);
    expect(kept.versions.find((v) => v.number === 1)?.concept).toBe(false);
    // Version 1 kept the room: current again, it is neither flagged nor a concept.
    expect((await setCurrent(1)).status).toBe(200);
    const back = await project();
    expect([back.concept, back.structureWarning]).toEqual([false, null]);
    expect((await setCurrent(2)).status).toBe(200);
    expect((await project()).concept).toBe(true);
    expect((await setCurrent(1)).status).toBe(200);
  });

  it('does not flag (nor undo) a removal that changed only what was painted: the window under the paint', async () => {
    // The "AI" paints the window over with wall; the paint covers the window.
    fake.editImage = () => renderRoom(room, 'window-moved');
    const { x, y, w, h } = room.window;
    const stroke: MaskStroke = {
      erase: false,
      size: Math.min(0.5, (h * 1.1) / room.width),
      points: [
        [x / room.width, (y + h / 2) / room.height],
        [(x + w) / room.width, (y + h / 2) / room.height],
      ],
    };
    const before = await jar.fetch(`${t.url}/api/projects/${id}/versions/1/image`);
    const res = await postEdit(t.url, jar, id, { kind: 'remove', strokes: [stroke] });
    expect(res.status, await res.clone().text()).toBe(202);
    const list = await waitForEdit(t.url, jar, id, 30_000);
    const made = list.versions.at(-1);
    expect(made).toMatchObject({ kind: 'remove', flagged: false, madeFrom: 1, current: true });
    const shown = await project();
    expect(shown.structure[0]).toMatchObject({ flagged: false, restored: [], changes: [] });
    // The removal stands: the window's pixels changed (nothing was put back).
    const after = await jar.fetch(`${t.url}/api/projects/${id}/versions/${made?.number ?? 0}/image`);
    const inWindow = (px: number, py: number, width: number) => {
      const k = width / room.width;
      return (
        px > (x + w * 0.3) * k && px < (x + w * 0.7) * k && py > (y + h * 0.3) * k && py < (y + h * 0.7) * k
      );
    };
    const diff = await differingPixels(
      Buffer.from(await before.arrayBuffer()),
      Buffer.from(await after.arrayBuffer()),
      inWindow,
    );
    expect(diff.within).toBeGreaterThan(0);
  });
});
