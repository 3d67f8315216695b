import type { ReactNode } from 'react';
import { FullScreenSpinner } from '../components/full-screen-spinner';
import { useCurrentUser } from '../lib/auth';
import { DemoBlock } from '../features/demo';
import { LandingPage } from '../features/landing';

// One element for every render: when the gate re-renders (e.g. once the persisted cache is restored, just
// after first paint) React skips the whole landing page instead of rendering it again on the main thread.
const landing = <LandingPage demo={<DemoBlock />} />;

/** Spec route table: signed-in users see `children`; visitors see the landing page; a spinner while loading. */
export function AuthGate({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullScreenSpinner />;
  return user ? children : landing;
}
