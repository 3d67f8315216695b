import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../lib/auth';

// Its code (the event schema, the features it refreshes) loads only for a signed-in user, never on the landing.
const LiveStatus = lazy(() => import('./live-status').then((m) => ({ default: m.LiveStatus })));

/** Status changes reach every page of a signed-in user as they happen (server-sent events). */
export function LiveStatusWhenSignedIn() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <LiveStatus key={user.id} />
    </Suspense>
  );
}
