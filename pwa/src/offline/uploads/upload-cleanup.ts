import { discardUpload } from './upload-queue';
import { listUploads } from './upload-store';
import { ownerIdOf } from './upload-owner';

/** Cleaning up a shared device, deliberately: every photo kept for that account leaves it. */
export async function discardAccountUploads(ownerId: string): Promise<void> {
  for (const r of await listUploads()) if (ownerIdOf(r) === ownerId) await discardUpload(r.id);
}

/**
 * The account is gone: its photos must never reach whoever signs in next on this device, nor may the
 * unclaimed ones (shared into the app by the person using it, who is deleting the account; kept, they
 * would go to the next account). Other accounts' photos stay for them.
 */
export async function clearUploads(ownerId: string | null): Promise<void> {
  for (const r of await listUploads()) {
    const owner = ownerIdOf(r);
    if (owner === null || owner === ownerId) await discardUpload(r.id);
  }
}
