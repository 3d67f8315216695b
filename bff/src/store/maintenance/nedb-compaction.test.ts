import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NedbCollection } from '../nedb/nedb-collection';
import { openStore, type Store } from '../open-store';
import { createRepositories } from '../repositories';
import { DuplicateKeyError } from '../model/types';

describe('embedded store compaction in slices', () => {
  let dataDir: string;
  let store: Store;
  const usersFile = () => path.join(dataDir, 'db', 'users.db');
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-compact-'));
    store = await openStore({ dataDir });
  });
  afterEach(async () => {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps every write made while it runs, shrinks the file and keeps the indexes', async () => {
    const repos = createRepositories(store);
    const ids: string[] = [];
    for (let i = 0; i < 3000; i++)
      ids.push(
        (
          await repos.users.create({
            email: `u${i}@x.co`,
            username: `u${i}`,
            firstName: null,
            lastName: null,
          })
        )._id,
      );
    // Every user changed three times: the file holds four lines per user before compacting.
    for (let round = 0; round < 3; round++)
      for (const id of ids.slice(0, 3000)) await repos.users.update(id, { firstName: `r${round}` });
    const before = (await stat(usersFile())).size;

    const users = store.collections.users as unknown as NedbCollection<{ _id: string }>;
    const compaction = users.compact();
    // Writes that land while the documents are being written out.
    const late = repos.users.create({
      email: 'late@x.co',
      username: 'late',
      firstName: null,
      lastName: null,
    });
    const renamed = repos.users.update(ids[7]!, { firstName: 'renamed' });
    const removed = repos.users.delete(ids[9]!);
    expect(await compaction).toBe(true);
    await Promise.all([late, renamed, removed]);
    expect((await stat(usersFile())).size).toBeLessThan(before / 2);

    await store.close();
    store = await openStore({ dataDir });
    const after = createRepositories(store);
    expect(await store.collections.users.countDocuments({})).toBe(3000);
    expect((await after.users.findById(ids[7]!))?.firstName).toBe('renamed');
    expect((await after.users.findById(ids[8]!))?.firstName).toBe('r2');
    expect(await after.users.findById(ids[9]!)).toBeNull();
    expect(await after.users.findByEmail('late@x.co')).not.toBeNull();
    // The unique email index came through the rewrite (its definition is a line of the file).
    await expect(
      after.users.create({ email: 'u1@x.co', username: 'again', firstName: null, lastName: null }),
    ).rejects.toThrow(DuplicateKeyError);
  });
});
