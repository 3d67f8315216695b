import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { currentUserQueryKey } from '../../lib/auth';
import { clearPersistedQueries, clearUserCaches, releaseDevice } from '../cache';
import { forgetDevicePush } from '../service-worker';
import { setUploadAccount, unblockUploads, uploadAccountOf } from '../uploads';
import { claimDevice, notTheUser } from './claim-device';

/** After sign-in: store the user at once and refresh what depends on who is signed in. */
export async function onSignedIn(queryClient: QueryClient, user: User): Promise<void> {
  // Before anything else: the queue must never send with this session as the previous account.
  setUploadAccount(uploadAccountOf(user));
  unblockUploads(); // photos kept by a 401 may go now
  claimDevice(queryClient, user.id);
  queryClient.setQueryData(currentUserQueryKey, user);
  await queryClient.invalidateQueries({ queryKey: [apiPath('projects')] });
  await queryClient.invalidateQueries({ queryKey: [apiPath('userLimits')] });
}

/** After sign-out or account deletion: nothing of the previous user stays in memory. */
export function onSignedOut(queryClient: QueryClient): void {
  setUploadAccount(null); // queued photos stay on the device, unsent, until their account signs in
  // clear() would detach mounted observers and leave them showing the old user; set, then drop the rest.
  queryClient.setQueryData(currentUserQueryKey, null);
  queryClient.removeQueries({ predicate: notTheUser });
  queryClient.getMutationCache().clear();
  clearPersistedQueries();
  void clearUserCaches();
  // The previous account's 'your photos are staged' never shows on this device again.
  void forgetDevicePush();
  releaseDevice();
}
