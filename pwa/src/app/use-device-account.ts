import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentUser } from '../lib/auth';
import { claimDevice } from '../offline/session';

/**
 * Whoever the server says is signed in owns this device's caches from now on: also a session found on
 * start (an OAuth sign-in, or one made in another tab), not only a sign-in through the dialog here.
 */
export function useDeviceAccount(): void {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().data?.id;
  useEffect(() => {
    if (userId) claimDevice(queryClient, userId);
  }, [queryClient, userId]);
}
