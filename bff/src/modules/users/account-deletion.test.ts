import { describe, expect, it } from 'vitest';
import type { Project } from '@shared/api';
import { DELETE_ACCOUNT_CONFIRMATION } from '@shared/domain';
import { startWorker } from '../../jobs';
import { json, signUp } from '../../testing/auth-helpers';
import { CookieJar } from '../../testing/cookie-jar';
import { postProject, waitForFinish } from '../../testing/staging-helpers';
import { filesUnder, storedState } from '../../testing/stored-state';
import { TEST_WORKER_TUNING } from '../../testing/test-app';
import { useFakeOpenAI, useTestApp } from '../../testing/use-test-app';
import { addressesOf, userWithData } from '../../testing/user-data';

const deleteAccount = (jar: CookieJar, base: string) =>
  jar.fetch(
    `${base}/api/user/account`,
    json({ confirmationText: DELETE_ACCOUNT_CONFIRMATION }, { method: 'DELETE' }),
  );

describe('after an account is deleted', () => {
  const fake = useFakeOpenAI();
  const t = useTestApp({ env: () => fake.env });

  it('nothing of the user can be read by anyone, through any route, with any of its old sessions', async () => {
    const owner = await userWithData(t);
    const bystander = await userWithData(t);
    const secondDevice = new CookieJar();
    const login = await secondDevice.fetch(
      `${t.url}/api/auth/login`,
      json({ email: owner.email, password: owner.password }, { method: 'POST' }),
    );
    expect(login.status).toBe(200);
    const reads = addressesOf(owner).filter((a) => a.method === 'GET');
    expect((await owner.jar.fetch(`${t.url}${reads[0]!.url}`)).status).toBe(200);
    const oldSession = owner.jar.clone();

    expect((await deleteAccount(owner.jar, t.url)).status).toBe(200);

    for (const [who, jar] of [
      ['the old session', oldSession],
      ['another device', secondDevice],
      ['a visitor', new CookieJar()],
      ['another user', bystander.jar],
    ] as const) {
      for (const { url } of reads)
        expect((await jar.fetch(`${t.url}${url}`)).status, `${who} ${url}`).toBeOneOf([401, 404]);
      for (const path of ['/auth/user', '/user/preferences', '/user/limits', '/projects'])
        if (jar !== bystander.jar)
          expect((await jar.fetch(`${t.url}/api${path}`)).status, `${who} ${path}`).toBe(401);
    }
    // The property's buyers link went with it.
    expect((await fetch(`${t.url}/api/property-shares/${owner.propertyToken}`)).status).toBe(404);
    const again = await fetch(
      `${t.url}/api/auth/login`,
      json({ email: owner.email, password: owner.password }, { method: 'POST' }),
    );
    expect(again.status).toBe(401);

    // No document or file anywhere still names the user, the project, the property, its room or the address, not even the
    // sign-in counters (the failed sign-in above counted one against the address).
    const traces = [owner.user.id, owner.project.id, owner.email, owner.property.id, owner.room.id];
    const left = Object.entries(await storedState(t)).filter(([key, value]) =>
      traces.some((x) => key.includes(x) || value.includes(x)),
    );
    expect(left.map(([key]) => key)).toEqual([]);
    // The bystander lost nothing.
    for (const { url } of addressesOf(bystander).filter((a) => a.method === 'GET' && !a.url.includes('4k')))
      expect((await bystander.jar.fetch(`${t.url}${url}`)).status, url).toBe(200);
  });

  it('a staging job still running when the account goes leaves no image behind', async () => {
    const { jar } = await signUp(t.url);
    const worker = startWorker(t.deps, TEST_WORKER_TUNING);
    try {
      fake.delayMs = 1500;
      const created = (await (await postProject(t.url, jar)).json()) as Project;
      await fake.waitFor('/images/edits', fake.edits().length + 1);
      expect((await deleteAccount(jar, t.url)).status).toBe(200);
      fake.delayMs = 0;
      // One job at a time: once the next user's project is done, the deleted one's job has ended.
      const next = await signUp(t.url);
      const later = (await (await postProject(t.url, next.jar)).json()) as Project;
      expect((await waitForFinish(t.url, next.jar, later.id)).project.status).toBe('completed');
      expect(await filesUnder(`${t.deps.config.dataDir}/blobs/projects/${created.id}`)).toEqual([]);
      expect(await t.deps.repos.projects.findById(created.id)).toBeNull();
    } finally {
      fake.reset();
      await worker.stop();
    }
  });
});
