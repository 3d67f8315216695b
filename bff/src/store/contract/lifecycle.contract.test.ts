import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRepositories } from '../repositories';
import { BACKENDS, announceSkips, createHarness, type Harness } from './harness';

announceSkips('lifecycle contract');

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`lifecycle contract: ${backend.name}`, () => {
    let h: Harness;
    beforeEach(async () => {
      h = await createHarness(backend.name);
    });
    afterEach(() => h.dispose());

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
      // Two minutes back: a 1 s window then never shares its id with the current minute's window.
      await h.repos.rateLimits.hit('k', 1000, 5, new Date(now.getTime() - 120_000));
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
