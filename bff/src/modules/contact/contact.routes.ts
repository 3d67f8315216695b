import { Router } from '@koa/router';
import { contactMessageSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { idempotencyKeyOf, type IdempotencyKeyRule } from '../../http/idempotency-key';
import { sessionUserId } from '../../http/session';
import { contactService } from './contact.service';

/** The outbox's retries carry the message's key. */
const IDEMPOTENCY_KEY: IdempotencyKeyRule = {
  pattern: /^[A-Za-z0-9-]{8,100}$/,
  message: 'The Idempotency-Key header must be 8 to 100 letters, digits or dashes.',
  code: 'invalid_key',
};

export function contactRoutes({ repos, diskSpace, mail, config }: AppDeps): Router {
  const contact = contactService(repos, mail, config.SUPPORT_EMAIL);
  const router = new Router();

  router.post('/contact', requireFreeSpace(diskSpace), async (ctx) => {
    const message = contactMessageSchema.parse(ctx.request.body);
    const sender = { userId: sessionUserId(ctx), ip: ctx.ip };
    const created = await contact.send(message, sender, idempotencyKeyOf(ctx, IDEMPOTENCY_KEY));
    ctx.status = created ? 201 : 200;
    ctx.body = { ok: true };
  });

  return router;
}
