import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, signUp } from '../testing/auth-helpers';
import { CookieJar } from '../testing/cookie-jar';
import { signUpToken } from '../testing/mailboxes';
import { makePhoto, multipart } from '../testing/images';
import { postProject } from '../testing/staging-helpers';
import { startTestApp } from '../testing/test-app';
import { useTestApp } from '../testing/use-test-app';
import type { DiskState } from '../store';
import { healthDetails } from '../testing/health';
import { diskFullAtStart } from '../start-up';
import { spawnNode } from '../testing/processes';

const REFUSAL = {
  error: 'insufficient_storage',
  message:
    'The server is running out of storage space, so nothing new can be saved right now. Your data is safe; please try again later.',
};

const register = (url: string, email: string) => {
  const jar = new CookieJar();
  return jar
    .fetch(`${url}/api/auth/register`, json({ email, password: 'correct horse 42' }, { method: 'POST' }))
    .then(async (res) => ({ status: res.status, body: (await res.json()) as unknown, jar }));
};
const login = (url: string, email: string) =>
  fetch(`${url}/api/auth/login`, json({ email, password: 'correct horse 42' }, { method: 'POST' }));

describe('below the free-space floor', () => {
  const disk: DiskState = { freeBytes: 10 * 1024 * 1024, low: false };
  const t = useTestApp({ deps: { diskSpace: { state: () => Promise.resolve({ ...disk }) } } });

  it('refuses uploads, edits and sign-ups up front with 507 and a sentence; reads go on; health says so', async () => {
    const { jar } = await signUp(t.url);
    const first = await postProject(t.url, jar);
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    disk.low = true;
    disk.freeBytes = 1024;
    try {
      const photo = await makePhoto();
      const refused = [
        await postProject(t.url, jar),
        await fetch(`${t.url}/api/demo/stage`, {
          method: 'POST',
          body: multipart({ roomType: 'bedroom' }, { data: photo }),
        }),
        await jar.fetch(`${t.url}/api/user/profile-image`, {
          method: 'POST',
          body: multipart({}, { data: photo }),
        }),
        // An edit stores a new version: refused before its credit is taken or a job queued.
        await jar.fetch(
          `${t.url}/api/projects/${id}/edits`,
          json({ kind: 'refine', instruction: 'A green sofa instead' }, { method: 'POST' }),
        ),
      ];
      for (const res of refused) {
        expect(res.status, res.url).toBe(507);
        expect(await res.json()).toEqual(REFUSAL);
      }
      const signUpRefused = await register(t.url, `full-${Date.now()}@example.com`);
      expect(signUpRefused).toMatchObject({ status: 507, body: REFUSAL });

      const list = await jar.fetch(`${t.url}/api/projects`);
      expect(list.status).toBe(200);
      expect(((await list.json()) as unknown[]).length).toBe(1);
      const { health } = await healthDetails(t.url);
      expect(health.disk).toEqual({ freeBytes: 1024, low: true });
    } finally {
      disk.low = false;
    }
  });
});

/** A small tmpfs of our own; needs the privilege to mount (root in CI here), else the suite says why it skips. */
function mountTmpfs(dir: string, megabytes: number): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('a disk that really fills up (tmpfs)', () => {
  let dir: string;
  let mounted = false;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stagely-full-'));
    mounted = mountTmpfs(dir, 8);
    if (!mounted) console.log('disk-full: tmpfs test skipped (mounting a tmpfs needs root)');
  });
  afterAll(async () => {
    if (mounted) execFileSync('umount', [dir]);
    await rm(dir, { recursive: true, force: true });
  });

  it('fails the write, keeps memory in line with disk, and works again once space is back', async (ctx) => {
    if (!mounted) ctx.skip();
    const env = { DATA_DIR: path.join(dir, 'data'), MIN_FREE_DISK_MB: '0' };
    let app = await startTestApp(env);
    const filler = path.join(dir, 'filler');
    const emails: string[] = [];
    /** The accounts the running server holds in memory (no request: on a full disk even a login writes). */
    const accounts = async () =>
      Promise.all(emails.map(async (e) => [e, Boolean(await app.deps.repos.users.findByEmail(e))] as const));
    let seen: (readonly [string, boolean])[] = [];
    try {
      // Fill the disk to the last byte.
      await writeFile(filler, Buffer.alloc(0));
      for (let chunk = 4 * 1024 * 1024; chunk >= 1;) {
        try {
          await writeFile(filler, Buffer.alloc(chunk), { flag: 'a' });
        } catch {
          chunk = Math.floor(chunk / 2);
        }
      }
      // Small appends still fit in the file's last page for a while; sign up until the disk refuses.
      let refusals = 0;
      for (let i = 0; i < 200 && refusals === 0; i++) {
        emails.push(`user${i}@example.com`);
        const answer = await register(app.url, emails[i]!);
        if (answer.status === 507) {
          expect(answer.body).toEqual(REFUSAL);
          refusals += 1;
        } else expect(answer.status).toBe(202);
      }
      expect(refusals).toBe(1);
      // The server keeps serving, and what it answers now is what is on disk (checked after the restart).
      // The refused sign-up may have stored its account (unconfirmed, no link): signing up again mails one.
      seen = await accounts();
      expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
      await rm(filler);
      const after = await register(app.url, 'after@example.com');
      expect(after.status).toBe(202);
      const token = await signUpToken(app.url, 'after@example.com');
      const confirmed = await fetch(
        `${app.url}/api/auth/register/confirm`,
        json({ token, password: 'correct horse 42' }, { method: 'POST' }),
      );
      expect(confirmed.status).toBe(200);
    } finally {
      await rm(filler, { force: true });
      await app.close();
    }
    app = await startTestApp(env);
    try {
      expect(await accounts()).toEqual(seen);
      expect((await login(app.url, 'after@example.com')).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a start on a disk with no space left says so in one sentence, with no stack', async (ctx) => {
    if (!mounted) ctx.skip();
    const filler = path.join(dir, 'start-filler');
    try {
      for (let chunk = 4 * 1024 * 1024; chunk >= 1;) {
        try {
          await writeFile(filler, Buffer.alloc(chunk), { flag: 'a' });
        } catch {
          chunk = Math.floor(chunk / 2);
        }
      }
      const server = spawnNode(['--import', 'tsx', 'bff/src/main.ts'], {
        DATA_DIR: path.join(dir, 'no-space'),
        PORT: '0',
        HOST: '127.0.0.1',
        NODE_OPTIONS: undefined,
      });
      await server.exited;
      const out = server.lines.join('\n');
      expect(server.child.exitCode, out).toBe(1);
      expect(out).toContain(diskFullAtStart('Stagely'));
      expect(out).not.toMatch(/^\s+at /m);
    } finally {
      await rm(filler, { force: true });
    }
  });

  it('below the floor refuses a sign-up before touching the disk', async (ctx) => {
    if (!mounted) ctx.skip();
    const app = await startTestApp({ DATA_DIR: path.join(dir, 'floor'), MIN_FREE_DISK_MB: '100' });
    try {
      expect(await register(app.url, 'floor@example.com')).toMatchObject({ status: 507, body: REFUSAL });
      const { health } = await healthDetails(app.url);
      expect(health.disk?.low).toBe(true);
      expect(health.disk?.freeBytes).toBeLessThan(8 * 1024 * 1024);
    } finally {
      await app.close();
    }
  });
});
