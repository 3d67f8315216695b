import { describe, expect, it } from 'vitest';
import type { CurrentBatch, Project } from '@shared/api';
import { json, signUp } from '../../testing/auth-helpers';
import { CookieJar } from '../../testing/cookie-jar';
import { postProject } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';

describe('GET and PUT /api/batch (the batch kept across reloads and devices)', () => {
  const t = useTestApp();

  it('keeps the owner’s projects in order, leaves out others’ and deleted ones, and clears', async () => {
    const owner = await signUp(t.url);
    const other = await signUp(t.url);
    const a = (await (await postProject(t.url, owner.jar)).json()) as Project;
    const b = (await (await postProject(t.url, owner.jar)).json()) as Project;
    const theirs = (await (await postProject(t.url, other.jar)).json()) as Project;

    const empty = await owner.jar.fetch(`${t.url}/api/batch`);
    expect(empty.status).toBe(200);
    expect(((await empty.json()) as CurrentBatch).projects).toEqual([]);

    const put = await owner.jar.fetch(
      `${t.url}/api/batch`,
      json({ projectIds: [b.id, theirs.id, a.id] }, { method: 'PUT' }),
    );
    expect(put.status).toBe(200);
    expect(((await put.json()) as CurrentBatch).projects.map((p) => p.id)).toEqual([b.id, a.id]);

    // Another device (a new session) reads the same batch.
    const device = new CookieJar();
    const login = await device.fetch(
      `${t.url}/api/auth/login`,
      json({ email: owner.email, password: owner.password }, { method: 'POST' }),
    );
    expect(login.status).toBe(200);
    const read = (await (await device.fetch(`${t.url}/api/batch`)).json()) as CurrentBatch;
    expect(read.projects.map((p) => p.id)).toEqual([b.id, a.id]);

    await owner.jar.fetch(`${t.url}/api/projects/${b.id}`, { method: 'DELETE', headers: { Origin: t.url } });
    const afterDelete = (await (await owner.jar.fetch(`${t.url}/api/batch`)).json()) as CurrentBatch;
    expect(afterDelete.projects.map((p) => p.id)).toEqual([a.id]);

    await owner.jar.fetch(`${t.url}/api/batch`, json({ projectIds: [] }, { method: 'PUT' }));
    const cleared = (await (await owner.jar.fetch(`${t.url}/api/batch`)).json()) as CurrentBatch;
    expect(cleared.projects).toEqual([]);
  });

  it('answers a visitor 401 and a too long list 400 with a sentence', async () => {
    expect((await fetch(`${t.url}/api/batch`)).status).toBe(401);
    const { jar } = await signUp(t.url);
    const res = await jar.fetch(
      `${t.url}/api/batch`,
      json({ projectIds: Array.from({ length: 11 }, (_, i) => `p${i}`) }, { method: 'PUT' }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message.length).toBeGreaterThan(5);
  });
});
