import { appendFile, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountsMissingError, StoreDamagedError } from './nedb-integrity';
import { readManifest } from './nedb-manifest';
import { openStore, type Store } from '../open-store';
import { createRepositories } from '../repositories';
import { checkStore, repairStore } from '../maintenance/store-maintenance';

const user = (i: number) => ({
  email: `u${i}@example.com`,
  username: `u${i}`,
  firstName: null,
  lastName: null,
});

describe('embedded store: damaged files are never dropped silently', () => {
  let dataDir: string;
  let warnings: string[];
  const dbFile = (name: string) => path.join(dataDir, 'db', `${name}.db`);
  const open = () => openStore({ dataDir, warn: (m) => warnings.push(m) });
  /** A store with 20 users, closed (compacted), as after a normal stop. */
  async function seed(): Promise<void> {
    const store = await open();
    const repos = createRepositories(store);
    for (let i = 0; i < 20; i++) await repos.users.create(user(i));
    await store.close();
  }
  const openFails = async () => {
    const err = await open().then(
      async (s: Store) => {
        await s.close();
        return null;
      },
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StoreDamagedError);
    return (err as Error).message;
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-integrity-'));
    warnings = [];
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('tolerates a torn last line (a crash mid-append) and says so; later appends stay readable', async () => {
    await seed();
    await appendFile(dbFile('users'), '{"_id":"half","email":"half@exa');
    const store = await open();
    const repos = createRepositories(store);
    expect(warnings).toEqual([
      expect.stringMatching(/users\.db: cut off an incomplete last record \(\d+ bytes\)/),
    ]);
    expect(await store.collections.users.countDocuments({})).toBe(20);
    await repos.users.create(user(99));
    await store.close();
    const again = await open();
    expect(await again.collections.users.countDocuments({})).toBe(21);
    await again.close();
  });

  it('refuses to start on a damaged line mid-file, naming file and line, and changes nothing', async () => {
    await seed();
    const lines = (await readFile(dbFile('users'), 'utf8')).split('\n');
    lines[6] = lines[6]!.slice(0, 25);
    await writeFile(dbFile('users'), lines.join('\n'));
    const before = await readFile(dbFile('users'));
    const message = await openFails();
    expect(message).toContain('users.db: line 7 is not a readable record.');
    expect(message).toContain('npm run store:repair');
    expect((await readFile(dbFile('users'))).equals(before)).toBe(true);
  });

  it('refuses a record with a field NeDB cannot load ($-prefixed, dotted) in plain words, not a stack', async () => {
    await seed();
    await appendFile(dbFile('users'), '{"_id":"odd","email":"odd@example.com","$where":"1"}\n');
    await appendFile(dbFile('users'), '{"_id":"dot","email":"dot@example.com","a.b":1}\n');
    const message = await openFails();
    expect(message).toMatch(/users\.db: lines \d+, \d+ are not readable records\./);
    expect(message).toContain('npm run store:repair');
  });

  it('refuses an emptied users.db and a deleted projects.db that held records', async () => {
    await seed();
    await truncate(dbFile('users'), 0);
    expect(await openFails()).toMatch(/users\.db is empty, but it held 20 records on /);

    await rm(dataDir, { recursive: true });
    await seed();
    const store = await open();
    await createRepositories(store).projects.insert({
      ownerId: 'u',
      name: 'Den',
      stagingMode: 'stage',
      roomType: 'office',
      stylePreset: null,
      colorPalette: null,
      customPrompt: null,
      engine: 'preview',
      images: { original: 'a', thumb: 'b', staged: [] },
      width: 800,
      height: 600,
      creditMonth: null,
      expiresAt: null,
    });
    await store.close();
    await rm(dbFile('projects'));
    const message = await openFails();
    expect(message).toMatch(/projects\.db is missing, but it held 1 records on /);
    expect(message).toContain('--accept-empty projects');
  });

  it('refuses a deleted originalLinks.db or handovers.db that held records, with the sentence of every durable file', async () => {
    for (const name of ['originalLinks', 'handovers'] as const) {
      await rm(dataDir, { recursive: true, force: true });
      await seed();
      const store = await open();
      const repos = createRepositories(store);
      await repos.originalLinks.ensure('u', 'share-token', { kind: 'project', projectId: 'p1' });
      await repos.handovers.add({
        ownerId: 'u',
        projectId: 'p1',
        propertyId: null,
        roomId: null,
        originalSha256: 'a'.repeat(64),
        engine: 'preview',
        model: null,
        prompt: null,
        structure: 'not checked',
        mlsProfile: 'generic',
        variant: 'clean',
        alteration: 'staged',
        downloadedBy: 'u@example.com',
        version: 1,
      });
      await store.close();
      await rm(dbFile(name));
      const message = await openFails();
      expect(message).toMatch(new RegExp(`${name}\\.db is missing, but it held 1 records on `));
      expect(message).toContain(`--accept-empty ${name}`);
    }
  });

  it('refuses a deleted apiKeys.db or webhookEndpoints.db that held records: integrations depend on them', async () => {
    for (const name of ['apiKeys', 'webhookEndpoints'] as const) {
      await rm(dataDir, { recursive: true, force: true });
      await seed();
      const store = await open();
      const repos = createRepositories(store);
      await repos.apiKeys.create({ userId: 'u', name: 'crm', scopes: ['staging'], hash: 'h', prefix: 'sk_' });
      await repos.webhooks.createEndpoint({
        userId: 'u',
        url: 'https://hooks.example.com/stagely',
        events: ['project.finished'],
        secret: 'whsec_x',
      });
      await store.close();
      await rm(dbFile(name));
      const message = await openFails();
      expect(message).toMatch(new RegExp(`${name}\\.db is missing, but it held 1 records on `));
      expect(message).toContain(`--accept-empty ${name}`);
    }
  });

  it('refuses when users.db and the manifest are both gone while projects with owners remain; warns when none has one', async () => {
    const project = (ownerId: string | null) => ({
      ownerId,
      name: 'Den',
      stagingMode: 'stage' as const,
      roomType: 'office' as const,
      stylePreset: null,
      colorPalette: null,
      customPrompt: null,
      engine: 'preview' as const,
      images: { original: 'a', thumb: 'b', staged: [] },
      width: 800,
      height: 600,
      creditMonth: null,
      expiresAt: null,
    });
    await seed();
    let store = await open();
    const repos = createRepositories(store);
    const owner = (await repos.users.findByEmail('u1@example.com'))!;
    await repos.projects.insert(project(owner._id));
    await repos.projects.insert(project(null));
    await store.close();
    const dbDir = path.join(dataDir, 'db');
    await rm(dbFile('users'));
    await rm(path.join(dbDir, 'manifest.json'));
    const err = await open().then(
      async (s: Store) => {
        await s.close();
        return null;
      },
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AccountsMissingError);
    const message = (err as Error).message;
    expect(message).toContain(
      `${path.join(dbDir, 'users.db')} holds no account and ${path.join(dbDir, 'manifest.json')} is missing`,
    );
    expect(message).toContain('projects.db holds 2 projects of 1 account.');
    expect(message).toContain('restore users.db (and manifest.json) from a backup');
    // Refused again on the next try: nothing was written that would hide the loss.
    expect(await readManifest(dbDir)).toBeNull();
    await expect(open()).rejects.toBeInstanceOf(AccountsMissingError);

    // Only projects without owners (demo runs): it starts, and says what it saw.
    await rm(dataDir, { recursive: true });
    store = await open();
    await createRepositories(store).projects.insert(project(null));
    await store.close();
    await rm(path.join(dbDir, 'manifest.json'));
    store = await open();
    await store.close();
    expect(warnings.join('\n')).toMatch(
      /projects\.db holds 1 project without owners while users\.db holds no account and manifest\.json is missing/,
    );
  });

  it('opens a collection that became empty through the app (the manifest follows at once)', async () => {
    const store = await open();
    const repos = createRepositories(store);
    const u = await repos.users.create(user(1));
    await repos.users.delete(u._id);
    // Written at once, so a crash right after the last account went does not look like a lost file.
    expect((await readManifest(path.join(dataDir, 'db')))?.collections.users?.records).toBe(0);
    await store.close();
    const again = await open();
    await again.close();
  });

  it('store:check reports, store:repair backs up and salvages every readable record', async () => {
    await seed();
    const lines = (await readFile(dbFile('users'), 'utf8')).split('\n');
    lines[3] = '{"_id": broken';
    await writeFile(dbFile('users'), lines.join('\n'));
    const check = await checkStore(dataDir);
    expect(check.ok).toBe(false);
    expect(check.lines).toContain('DAMAGED users.db: line 4 is not a readable record.');

    const repair = await repairStore(dataDir);
    expect(repair.ok).toBe(true);
    expect(repair.lines[0]).toMatch(
      /users\.db: kept every readable record; 1 unreadable line\(s\) are in users\.db\.bak-/,
    );
    expect((await readdir(path.join(dataDir, 'db'))).some((f) => f.startsWith('users.db.bak-'))).toBe(true);
    expect((await checkStore(dataDir)).ok).toBe(true);
    const store = await open();
    expect(await store.collections.users.countDocuments({})).toBe(19);
    await store.close();
  });

  it('store:repair accepts an empty file only when told to', async () => {
    await seed();
    await truncate(dbFile('users'), 0);
    const refused = await repairStore(dataDir);
    expect(refused.ok).toBe(false);
    expect(refused.lines[0]).toMatch(/users\.db is empty.*--accept-empty users/);
    expect((await repairStore(dataDir, ['users'])).ok).toBe(true);
    const store = await open();
    expect(await store.collections.users.countDocuments({})).toBe(0);
    await store.close();
  });

  it('store:check finds a damaged image file', async () => {
    const store = await open();
    await store.blobs.put('projects/p1/original.jpg', Buffer.alloc(1000, 1), 'image/jpeg');
    await store.close();
    const file = path.join(dataDir, 'blobs', 'projects', 'p1', 'original.jpg');
    await truncate(file, 500);
    const check = await checkStore(dataDir);
    expect(check.ok).toBe(false);
    expect(check.lines.some((l) => l.startsWith('DAMAGED image blobs/projects/p1/original.jpg'))).toBe(true);
  });
});
