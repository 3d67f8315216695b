import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRepositories } from '../repositories';
import { BACKENDS, announceSkips, createHarness, type Harness } from './harness';

announceSkips('mail outbox and reset links contract');

const mail = (subject: string) => ({
  messageId: `<${subject}@stagely.test>`,
  to: 'ana@example.com',
  replyTo: null,
  subject,
  text: 'Hello',
  html: '<p>Hello</p>',
});

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`mail outbox and reset links contract: ${backend.name}`, () => {
    let h: Harness;
    beforeEach(async () => {
      h = await createHarness(backend.name);
    });
    afterEach(() => h.dispose());

    it('keeps one mail per idempotency key, and the first one', async () => {
      const { mailOutbox } = h.repos;
      expect(await mailOutbox.enqueue('reset:1', mail('first'))).toBe(true);
      expect(await mailOutbox.enqueue('reset:1', mail('second'))).toBe(false);
      expect(await h.store.collections.mailOutbox.countDocuments({})).toBe(1);
      expect(await mailOutbox.get('reset:1')).toMatchObject({
        subject: 'first',
        status: 'pending',
        attempts: 0,
      });
    });

    it('claims a due mail once while its lease runs, oldest first, and again after a failure is due', async () => {
      let clock = new Date('2026-11-25T10:00:00Z');
      const repos = createRepositories(h.store, () => clock);
      await repos.mailOutbox.enqueue('a', mail('a'));
      clock = new Date(clock.getTime() + 1000);
      await repos.mailOutbox.enqueue('b', mail('b'));
      const claims = await Promise.all([1, 2, 3].map(() => repos.mailOutbox.claimDue(60_000)));
      expect(claims.map((c) => c?._id ?? null).sort()).toEqual(['a', 'b', null].sort());
      expect(await repos.mailOutbox.claimDue(60_000)).toBeNull();

      // 'a' failed: due again in 5 s; 'b' was sent.
      await repos.mailOutbox.markFailed('a', 'refused', new Date(clock.getTime() + 5000));
      await repos.mailOutbox.markSent('b');
      expect(await repos.mailOutbox.nextDueAt()).toEqual(new Date(clock.getTime() + 5000));
      expect(await repos.mailOutbox.claimDue(60_000)).toBeNull();
      clock = new Date(clock.getTime() + 5000);
      expect(await repos.mailOutbox.claimDue(60_000)).toMatchObject({
        _id: 'a',
        attempts: 2,
        lastError: 'refused',
      });
      const sent = await repos.mailOutbox.get('b');
      expect(sent?.status).toBe('sent');
      expect(sent?.sentAt).toBeInstanceOf(Date);

      // A sender that died holding the lease: the mail is due again when the lease ends.
      clock = new Date(clock.getTime() + 60_000);
      expect((await repos.mailOutbox.claimDue(60_000))?._id).toBe('a');
      await repos.mailOutbox.markFailed('a', 'gave up', null);
      clock = new Date(clock.getTime() + 3600_000);
      expect(await repos.mailOutbox.claimDue(60_000)).toBeNull();
      expect(await repos.mailOutbox.nextDueAt()).toBeNull();
      expect(await repos.mailOutbox.get('a')).toMatchObject({ status: 'failed', lastError: 'gave up' });
    });

    it('uses a reset link once, never after it expired, and forgets a user’s links', async () => {
      let clock = new Date('2026-11-25T10:00:00Z');
      const { passwordResets } = createRepositories(h.store, () => clock);
      await passwordResets.create('hash-1', 'u1', 3600_000);
      await passwordResets.create('hash-2', 'u1', 3600_000);
      await passwordResets.create('hash-3', 'u2', 3600_000);
      const twice = await Promise.all([passwordResets.consume('hash-1'), passwordResets.consume('hash-1')]);
      expect(twice.sort()).toEqual(['u1', null].sort());
      expect(await passwordResets.consume('unknown')).toBeNull();
      clock = new Date(clock.getTime() + 3600_000);
      expect(await passwordResets.consume('hash-3')).toBeNull();
      expect(await passwordResets.deleteForUser('u1')).toBe(1);
      clock = new Date('2026-11-25T10:00:00Z');
      expect(await passwordResets.consume('hash-2')).toBeNull();
    });

    it('keeps sign-up links apart from reset links: each is used only for what it was mailed for', async () => {
      const { passwordResets } = createRepositories(h.store);
      await passwordResets.create('sign-up-1', 'u3', 3600_000, { purpose: 'sign-up' });
      await passwordResets.create('reset-1', 'u3', 3600_000);
      expect(await passwordResets.consume('sign-up-1')).toBeNull();
      expect(await passwordResets.isUsable('sign-up-1')).toBe(false);
      expect(await passwordResets.consumeSignUp('reset-1')).toBeNull();
      expect(await passwordResets.findSignUp('reset-1')).toBeNull();
      const twice = await Promise.all([
        passwordResets.consumeSignUp('sign-up-1'),
        passwordResets.consumeSignUp('sign-up-1'),
      ]);
      expect(twice.filter(Boolean)).toHaveLength(1);
      expect(twice.find(Boolean)).toMatchObject({ userId: 'u3' });
      // A used link stays, marked, until it expires, so its page can say the account is ready.
      expect(await passwordResets.findSignUp('sign-up-1')).toEqual({ userId: 'u3', state: 'used' });
      expect(await passwordResets.consume('reset-1')).toBe('u3');
    });

    it("'send the link again' marks the account's earlier sign-up links replaced; they no longer confirm", async () => {
      const { passwordResets } = createRepositories(h.store);
      await passwordResets.create('older', 'u4', 3600_000, { purpose: 'sign-up' });
      await passwordResets.replaceSignUps('u4');
      await passwordResets.create('newest', 'u4', 3600_000, { purpose: 'sign-up' });
      expect(await passwordResets.findSignUp('older')).toEqual({ userId: 'u4', state: 'replaced' });
      expect(await passwordResets.findSignUp('newest')).toEqual({ userId: 'u4', state: 'ready' });
      expect(await passwordResets.consumeSignUp('older')).toBeNull();
      expect(await passwordResets.consumeSignUp('newest')).toMatchObject({ userId: 'u4' });
    });
  });
}
