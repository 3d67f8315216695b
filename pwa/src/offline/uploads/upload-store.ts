import { getDb, type UploadRecord, type UploadStatus } from '../db';
import { queueStore } from '../queue';

/** The `uploads` store: the photos of the upload queue. */
export const uploadStore = queueStore('uploads');

export const putUpload = uploadStore.put;
export const getUpload = uploadStore.get;
export const deleteUpload = uploadStore.delete;

/** Oldest first; only one status when given. */
export async function listUploads(status?: UploadStatus): Promise<UploadRecord[]> {
  const all = await uploadStore.list();
  return status ? all.filter((r) => r.status === status) : all;
}

/**
 * Gives every photo nobody has claimed yet to `owner`, in one transaction: a photo another tab has just
 * uploaded and deleted is never written back. Returns how many it claimed.
 */
export async function claimUnownedUploads(owner: { ownerId: string; ownerName: string }): Promise<number> {
  const tx = (await getDb()).transaction('uploads', 'readwrite');
  let claimed = 0;
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    if (cursor.value.ownerId) continue;
    await cursor.update({ ...cursor.value, ...owner });
    claimed += 1;
  }
  await tx.done;
  return claimed;
}
