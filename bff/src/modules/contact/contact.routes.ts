import { Router } from '@koa/router';
import { contactMessageSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { badRequest, tooManyRequests } from '../../http/errors';
import { sessionUserId } from '../../http/session';

/** Per client address: enough for a real conversation, too few for a spam run. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };
export const CONTACT_RATE_LIMITED_MESSAGE =
  'You have sent several messages in a short time. Please wait a while before sending another.';
export const INVALID_IDEMPOTENCY_KEY_MESSAGE =
  'The Idempotency-Key header must be 8 to 100 letters, digits or dashes.';

const KEY_PATTERN = /^[A-Za-z0-9-]{8,100}$/;

export function contactRoutes({ repos, diskSpace }: AppDeps): Router {
  const router = new Router();

  router.post('/contact', requireFreeSpace(diskSpace), async (ctx) => {
    const input = contactMessageSchema.parse(ctx.request.body);
    const key = ctx.get('Idempotency-Key') || null;
    if (key !== null && !KEY_PATTERN.test(key))
      throw badRequest(INVALID_IDEMPOTENCY_KEY_MESSAGE, 'invalid_key');
    // A retry of a message already stored (its answer was lost) succeeds without counting again.
    if (key && (await repos.contactMessages.has(key))) {
      ctx.status = 200;
      ctx.body = { ok: true };
      return;
    }
    const limit = await repos.rateLimits.hit(
      `contact:${ctx.ip}`,
      CONTACT_RATE_LIMIT.windowMs,
      CONTACT_RATE_LIMIT.max,
    );
    if (!limit.allowed) throw tooManyRequests(CONTACT_RATE_LIMITED_MESSAGE, limit.retryAfterSeconds);
    const doc = { ...input, userId: sessionUserId(ctx) };
    const created = key
      ? await repos.contactMessages.insertOnce(key, doc)
      : await repos.contactMessages.insert(doc);
    ctx.status = created ? 201 : 200;
    ctx.body = { ok: true };
  });

  return router;
}
