import { randomUUID } from 'node:crypto';
import type { ApiKeyDoc } from '../model/documents';
import type { DocCollection } from '../model/types';

export interface NewApiKey {
  userId: string;
  name: string;
  scopes: string[];
  hash: string;
  prefix: string;
}

/** The calendar month (UTC) a call is counted in, e.g. `2026-11`. */
export const monthKey = (at: Date): string => at.toISOString().slice(0, 7);

/** API keys by account; looked up by the key's hash, never by the key. */
export function apiKeysRepository(keys: DocCollection<ApiKeyDoc>, now: () => Date = () => new Date()) {
  return {
    async create(key: NewApiKey): Promise<ApiKeyDoc> {
      const doc: ApiKeyDoc = {
        _id: randomUUID(),
        ...key,
        createdAt: now(),
        lastUsedAt: null,
        revokedAt: null,
        calls: {},
      };
      await keys.insertOne(doc);
      return doc;
    },
    /** The key with this hash, revoked or not (the caller decides what a revoked key gets). */
    findByHash: (hash: string): Promise<ApiKeyDoc | null> => keys.findOne({ hash }),
    /** The user's keys, newest first. */
    listForUser: (userId: string): Promise<ApiKeyDoc[]> => keys.find({ userId }, { sort: { createdAt: -1 } }),
    /** Every key with its owner, for the operator's cost report. */
    listAll: (): Promise<ApiKeyDoc[]> => keys.find({}),
    /** Marks the key revoked if it is the user's and still live; returns whether it was the user's. */
    async revoke(userId: string, id: string): Promise<boolean> {
      const key = await keys.findOne({ _id: id, userId });
      if (!key) return false;
      if (!key.revokedAt) await keys.updateOne({ _id: id }, { $set: { revokedAt: now() } });
      return true;
    },
    /** One call made with the key: its last use and this month's count. */
    async recordUse(id: string): Promise<void> {
      const at = now();
      await keys.updateOne({ _id: id }, { $set: { lastUsedAt: at }, $inc: { [`calls.${monthKey(at)}`]: 1 } });
    },
    deleteForUser: (userId: string) => keys.deleteMany({ userId }),
  };
}
export type ApiKeysRepository = ReturnType<typeof apiKeysRepository>;
