import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRepositories } from '../repositories';
import { BACKENDS, announceSkips, createHarness, type Harness } from './harness';

announceSkips('blobs and lifecycle contract');

const ESCAPES = [
  '../x',
  '/etc/passwd',
  'a/../../b',
  'a//b',
  './a',
  'a/./b',
  'a\\..\\b',
  '',
  'a/b/',
  '.hidden',
];

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`blobs and lifecycle contract: ${backend.name}`, () => {
    let h: Harness;
    beforeEach(async () => {
      h = await createHarness(backend.name);
    });
    afterEach(() => h.dispose());

    it('stores blobs with their type and replaces them whole', async () => {
      const { blobs } = h.store;
      expect(await blobs.get('projects/p1/original.jpg')).toBeNull();
      await blobs.put('projects/p1/original.jpg', Buffer.from('jpeg'), 'image/jpeg');
      expect(await blobs.get('projects/p1/original.jpg')).toEqual({
        data: Buffer.from('jpeg'),
        contentType: 'image/jpeg',
        size: 4,
      });
      const big = Buffer.alloc(600_000, 7);
      await blobs.put('projects/p1/original.jpg', big, 'image/webp');
      const replaced = await blobs.get('projects/p1/original.jpg');
      expect(replaced?.contentType).toBe('image/webp');
      expect(replaced?.data.equals(big)).toBe(true);
      await blobs.put('empty', Buffer.alloc(0), 'application/octet-stream');
      expect((await blobs.get('empty'))?.size).toBe(0);
      await blobs.delete('projects/p1/original.jpg');
      await blobs.delete('projects/p1/original.jpg');
      expect(await blobs.get('projects/p1/original.jpg')).toBeNull();
    });

    it('deletes by folder prefix without touching look-alike keys', async () => {
      const { blobs } = h.store;
      for (const key of ['projects/p1/original.jpg', 'projects/p1/staged/0.jpg', 'projects/p10/original.jpg'])
        await blobs.put(key, Buffer.from(key), 'image/jpeg');
      await blobs.deletePrefix('projects/p1/');
      expect(await blobs.get('projects/p1/original.jpg')).toBeNull();
      expect(await blobs.get('projects/p1/staged/0.jpg')).toBeNull();
      expect((await blobs.get('projects/p10/original.jpg'))?.data.toString()).toBe(
        'projects/p10/original.jpg',
      );
      await blobs.deletePrefix('projects/none');
    });

    it('lists the folders of a folder and when each was last written', async () => {
      const { blobs } = h.store;
      expect(await blobs.listFolders('projects')).toEqual([]);
      const before = Date.now();
      for (const key of [
        'projects/p1/original.jpg',
        'projects/p1/thumb.jpg',
        'projects/p2/a.jpg',
        'users/u1/x',
      ])
        await blobs.put(key, Buffer.from(key), 'image/jpeg');
      expect((await blobs.listFolders('projects')).sort()).toEqual(['p1', 'p2']);
      expect(await blobs.listFolders('users')).toEqual(['u1']);
      const at = await blobs.folderModifiedAt('projects/p1/');
      expect(at?.getTime()).toBeGreaterThanOrEqual(before - 2000);
      expect(at?.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
      expect(await blobs.folderModifiedAt('projects/p9/')).toBeNull();
      await blobs.deletePrefix('projects/p1/');
      expect(await blobs.listFolders('projects')).toEqual(['p2']);
    });

    it('refuses keys that could escape the blob folder, and bad content types', async () => {
      const { blobs } = h.store;
      for (const key of ESCAPES) {
        await expect(blobs.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Unsafe/);
        await expect(blobs.get(key), key).rejects.toThrow(/Unsafe/);
        await expect(blobs.delete(key), key).rejects.toThrow(/Unsafe/);
      }
      for (const prefix of ['', '/', '..', '../', '/etc']) {
        await expect(blobs.deletePrefix(prefix), prefix).rejects.toThrow(/Unsafe/);
      }
      await expect(blobs.put('ok.txt', Buffer.from('x'), 'text/plain\nX-Evil: 1')).rejects.toThrow(
        /content type/,
      );
      expect(existsSync(path.join(h.dataDir, 'x'))).toBe(false);
    });

    it('keeps documents and blobs across a restart', async () => {
      const u = await h.repos.users.create({
        email: 'persist@example.com',
        username: 'p',
        firstName: null,
        lastName: null,
      });
      await h.repos.usage.reserveCredit(u._id, '2030-01', 5, 'p-1');
      await h.repos.sessions.set('sid-1', { userId: u._id }, 60_000);
      await h.store.blobs.put('profile/persist.webp', Buffer.from('img'), 'image/webp');
      await h.restart();
      expect(await h.repos.users.findById(u._id)).toMatchObject({ email: 'persist@example.com' });
      expect((await h.repos.users.findById(u._id))?.createdAt).toBeInstanceOf(Date);
      expect(await h.repos.usage.getUsed(u._id, '2030-01')).toBe(1);
      expect(await h.repos.sessions.get('sid-1')).toEqual({ userId: u._id });
      expect(await h.store.blobs.get('profile/persist.webp')).toMatchObject({
        contentType: 'image/webp',
        size: 3,
      });
      await expect(
        h.repos.users.create({
          email: 'PERSIST@example.com',
          username: 'q',
          firstName: null,
          lastName: null,
        }),
      ).rejects.toThrow();
      if (backend.name === 'nedb') expect(existsSync(path.join(h.dataDir, 'db', 'users.db'))).toBe(true);
      await h.store.ping();
    });

    it('purges expired sessions, rate-limit windows, old idempotency keys, webhook ids, reset links and sent mail', async () => {
      const now = new Date();
      const past = createRepositories(h.store, () => new Date(now.getTime() - 40 * 24 * 3600_000));
      await h.repos.sessions.set('live', { userId: 'u' }, 60_000);
      await h.repos.sessions.set('dead', { userId: 'u' }, -1000);
      await h.repos.rateLimits.hit('k', 1000, 5, new Date(now.getTime() - 5000));
      await h.repos.rateLimits.hit('k', 60_000, 5, now);
      await past.webhookEvents.markProcessed('evt_old');
      await h.repos.webhookEvents.markProcessed('evt_new');
      await past.idempotency.claim('u', 'old-key');
      await h.repos.idempotency.claim('u', 'new-key');
      await past.passwordResets.create('old-link', 'u', 3600_000);
      await h.repos.passwordResets.create('new-link', 'u', 3600_000);
      const mail = {
        messageId: '<m@x>',
        to: 'a@example.com',
        replyTo: null,
        subject: 's',
        text: 't',
        html: 'h',
      };
      await past.mailOutbox.enqueue('old-mail', mail);
      await past.mailOutbox.markSent('old-mail');
      await h.repos.mailOutbox.enqueue('new-mail', mail);
      await h.repos.mailOutbox.markSent('new-mail');
      await past.mailOutbox.enqueue('old-pending', mail);
      const purged = await h.store.purgeExpired(now);
      // MongoDB's own TTL monitor may have removed some first, so only NeDB's counts are exact.
      if (backend.name === 'nedb')
        expect(purged).toEqual({
          sessions: 1,
          rateLimits: 1,
          webhookEvents: 1,
          idempotencyKeys: 1,
          passwordResets: 1,
          sentMail: 1,
        });
      expect(await h.repos.passwordResets.consume('new-link')).toBe('u');
      // A mail not sent yet is never purged, however old.
      expect(await h.repos.mailOutbox.get('old-pending')).not.toBeNull();
      expect(await h.repos.mailOutbox.get('old-mail')).toBeNull();
      expect(await h.repos.mailOutbox.get('new-mail')).not.toBeNull();
      expect(await h.store.collections.idempotencyKeys.countDocuments({})).toBe(1);
      expect(await h.repos.idempotency.claim('u', 'new-key')).toEqual({ state: 'existing', projectId: null });
      expect(await h.store.collections.sessions.countDocuments({})).toBe(1);
      expect(await h.repos.webhookEvents.markProcessed('evt_old')).toBe(true);
      expect(await h.repos.sessions.get('live')).not.toBeNull();
      expect(await h.store.collections.rateLimits.countDocuments({ key: 'k' })).toBe(1);
      expect(await h.repos.webhookEvents.markProcessed('evt_new')).toBe(false);
    });
  });
}
