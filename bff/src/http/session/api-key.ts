import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { API_KEY_PREFIX } from '@shared/api';
import type { Repositories } from '../../store';
import { tooManyRequests, unauthorized } from '../errors';

/** Who a request with `Authorization: Bearer <key>` acts for, and what the key may do. */
export interface ApiKeyCaller {
  keyId: string;
  userId: string;
  scopes: readonly string[];
}

const BEARER = /^Bearer\s+(\S+)$/i;
const RATE_WINDOW_MS = 60_000;

/** The stored form of a key: a high-entropy random key needs no slow hash, only a one-way one. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** The key the request came with (set by `apiKeyAuth`), or null for a cookie or anonymous request. */
export function apiKeyCaller(ctx: Context): ApiKeyCaller | null {
  return (ctx.state as { apiKey?: ApiKeyCaller }).apiKey ?? null;
}

/**
 * Resolves `Authorization: Bearer <key>` before the session: an unknown or revoked key is a 401 at once (never a
 * silent fall back to the cookie), and on Pro's unlimited plan each key is held to a rate per minute.
 */
export function apiKeyAuth(repos: Repositories, perMinute: number): Middleware {
  return async (ctx, next) => {
    // Only `stg_` bearers are keys: the operator's health token travels as a Bearer too.
    const key = BEARER.exec(ctx.get('Authorization'))?.[1];
    if (!key?.startsWith(API_KEY_PREFIX)) {
      await next();
      return;
    }
    const doc = await repos.apiKeys.findByHash(hashApiKey(key));
    const user = doc && !doc.revokedAt ? await repos.users.findById(doc.userId) : null;
    if (!doc || !user) throw unauthorized('This API key is unknown or was revoked.');
    if (user.plan === 'pro') {
      const hit = await repos.rateLimits.hit(`api-key:${doc._id}`, RATE_WINDOW_MS, perMinute);
      if (!hit.allowed)
        throw tooManyRequests(
          `This API key made more than ${perMinute} requests a minute. Please slow down.`,
          hit.retryAfterSeconds,
        );
    }
    (ctx.state as { apiKey?: ApiKeyCaller }).apiKey = {
      keyId: doc._id,
      userId: doc.userId,
      scopes: doc.scopes,
    };
    await repos.apiKeys.recordUse(doc._id);
    await next();
  };
}

/** Runs `mw` only for requests without an API key: keys carry no cookie session and need no CSRF check. */
export const unlessApiKey =
  (mw: Middleware): Middleware =>
  async (ctx, next) => {
    if (apiKeyCaller(ctx)) await next();
    else await mw(ctx, next);
  };
