import { describe, expect, it } from 'vitest';
import type { Project } from '@shared/api';
import { json, signUp } from '../../testing/auth-helpers';
import { postProject, waitForFinish } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';

describe('project names: apart on creation, renamed with PATCH /api/projects/{id}', () => {
  const t = useTestApp({ worker: true });

  it('numbers a second project of the same room, renames for the owner only, refuses an empty name', async () => {
    const owner = await signUp(t.url);
    const other = await signUp(t.url);
    const fields = { roomType: 'living-room' };
    const first = (await (await postProject(t.url, owner.jar, { fields })).json()) as Project;
    const second = (await (await postProject(t.url, owner.jar, { fields })).json()) as Project;
    const theirs = (await (await postProject(t.url, other.jar, { fields })).json()) as Project;
    expect([first.name, second.name, theirs.name]).toEqual(['Front room', 'Front room 2', 'Front room']);

    const patch = (jar: typeof owner.jar, id: string, name: string) =>
      jar.fetch(
        `${t.url}/api/projects/${id}`,
        json({ name }, { method: 'PATCH', headers: { Origin: t.url } }),
      );
    const renamed = await patch(owner.jar, second.id, '  Sunny den\u202E ');
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as Project).name).toBe('Sunny den');
    const read = (await (await owner.jar.fetch(`${t.url}/api/projects/${second.id}`)).json()) as Project;
    expect(read.name).toBe('Sunny den');

    expect((await patch(other.jar, second.id, 'Mine now')).status).toBe(404);
    const empty = await patch(owner.jar, second.id, '   ');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toMatch(/enter a name/i);
  });

  it('corrects a misread room type after staging: the edits offered follow it (Dusk for an exterior)', async () => {
    const owner = await signUp(t.url);
    const other = await signUp(t.url);
    const made = (await (
      await postProject(t.url, owner.jar, { fields: { roomType: 'living-room' } })
    ).json()) as Project;
    await waitForFinish(t.url, owner.jar, made.id, 45_000);
    const send = (jar: typeof owner.jar, path: string, body: unknown, method = 'POST') =>
      jar.fetch(
        `${t.url}/api/projects/${made.id}${path}`,
        json(body, { method, headers: { Origin: t.url } }),
      );
    const dusk = { kind: 'dusk', preset: 'Blue hour' };
    expect((await send(owner.jar, '/edits', dusk)).status).toBe(422);

    expect((await send(other.jar, '', { roomType: 'exterior' }, 'PATCH')).status).toBe(404);
    expect((await send(owner.jar, '', { roomType: 'garage-sale' }, 'PATCH')).status).toBe(400);
    expect((await send(owner.jar, '', {}, 'PATCH')).status).toBe(400);
    const fixed = await send(owner.jar, '', { roomType: 'exterior' }, 'PATCH');
    expect(fixed.status).toBe(200);
    expect((await fixed.json()) as Project).toMatchObject({ roomType: 'exterior', name: made.name });
    expect((await send(owner.jar, '/edits', dusk)).status).toBeLessThan(300);
  }, 60_000);
});
