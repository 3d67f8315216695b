import { Router } from '@koa/router';
import { API_PATHS } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { idempotencyKeyOf, type IdempotencyKeyRule } from '../../http/idempotency-key';
import { routeMounter } from '../../http/mount';
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
  const mount = routeMounter(router, repos.users);

  mount(
    'post',
    API_PATHS.contact,
    async ({ userId, body }, ctx) => {
      const created = await contact.send(
        body,
        { userId, ip: ctx.ip },
        idempotencyKeyOf(ctx, IDEMPOTENCY_KEY),
      );
      if (!created) ctx.status = 200;
      return { ok: true };
    },
    { before: [requireFreeSpace(diskSpace)] },
  );

  return router;
}
