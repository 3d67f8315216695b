import type { UploadRecord } from '../db';

/** The signed-in account the queue works for: the one whose photos it may send. */
export interface UploadAccount {
  id: string;
  /** Email, else username: how the queue names the account to whoever else signs in on this device. */
  name: string;
}

export const uploadAccountOf = (user: { id: string; email: string; username: string }): UploadAccount => ({
  id: user.id,
  name: user.email || user.username,
});

/** Null, or missing in a record from before owners were kept: nobody has claimed the photo yet. */
export const ownerIdOf = (record: Pick<UploadRecord, 'ownerId'>): string | null => record.ownerId ?? null;

/** The account may send it: its own, or one nobody has claimed yet (it claims it by sending). */
export const sendableBy = (record: UploadRecord, account: UploadAccount): boolean => {
  const owner = ownerIdOf(record);
  return owner === null || owner === account.id;
};

/** The owner fields of a photo taken for (or claimed by) `account`. */
export const ownedBy = (account: UploadAccount) => ({ ownerId: account.id, ownerName: account.name });

/** Photos on this device that wait for one other account to sign in. */
export interface OtherAccountUploads {
  ownerId: string;
  ownerName: string;
  count: number;
}

/** Other accounts' photos (waiting or failed), one entry per account, in the order they were queued. */
export function otherAccountUploads(records: UploadRecord[], account: UploadAccount): OtherAccountUploads[] {
  const byOwner = new Map<string, OtherAccountUploads>();
  for (const r of records) {
    const ownerId = ownerIdOf(r);
    if (ownerId === null || ownerId === account.id) continue;
    const entry = byOwner.get(ownerId) ?? { ownerId, ownerName: r.ownerName ?? '', count: 0 };
    entry.count += 1;
    entry.ownerName ||= r.ownerName ?? '';
    byOwner.set(ownerId, entry);
  }
  return [...byOwner.values()];
}
