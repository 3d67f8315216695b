import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKey, type ApiScope, type CreatedApiKey } from '@shared/api';
import { currentUsageMonth } from '@shared/domain';
import { hashApiKey } from '../../http/session';
import { notFound } from '../../http/errors';
import type { ApiKeyDoc, Repositories } from '../../store';
import { monthKey } from '../../store';

/** Characters of the key kept in clear, so Settings can tell keys apart. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;
export const API_KEY_NOT_FOUND = 'There is no such API key on your account.';

const toApiKey = (doc: ApiKeyDoc, now: Date, credits: number): ApiKey => ({
  id: doc._id,
  name: doc.name,
  scopes: doc.scopes as ApiScope[],
  prefix: doc.prefix,
  createdAt: doc.createdAt.toISOString(),
  lastUsedAt: doc.lastUsedAt?.toISOString() ?? null,
  revokedAt: doc.revokedAt?.toISOString() ?? null,
  callsThisMonth: doc.calls?.[monthKey(now)] ?? 0,
  creditsThisMonth: credits,
});

/** Settings → API: keys are made here from 32 random bytes and kept only as their SHA-256. */
export function apiKeysService(repos: Repositories, now: () => Date = () => new Date()) {
  return {
    async list(userId: string): Promise<ApiKey[]> {
      const at = now();
      const keys = await repos.apiKeys.listForUser(userId);
      return Promise.all(
        keys.map(async (k) =>
          toApiKey(k, at, await repos.projects.creditsForApiKey(k._id, currentUsageMonth(at))),
        ),
      );
    },

    async create(userId: string, input: { name: string; scopes: ApiScope[] }): Promise<CreatedApiKey> {
      const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
      const doc = await repos.apiKeys.create({
        userId,
        name: input.name,
        scopes: input.scopes,
        hash: hashApiKey(secret),
        prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
      });
      return { key: toApiKey(doc, now(), 0), secret };
    },

    async revoke(userId: string, id: string): Promise<void> {
      if (!(await repos.apiKeys.revoke(userId, id))) throw notFound(API_KEY_NOT_FOUND);
    },
  };
}
