import type { ReactNode } from 'react';
import { FullScreenSpinner } from '../components/full-screen-spinner';
import { useCurrentUser } from '../lib/auth';
import { LandingPage } from '../features/landing/landing-page';

/** Spec route table: signed-in users see `children`; visitors see the landing page; a spinner while loading. */
export function AuthGate({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullScreenSpinner />;
  return user ? children : <LandingPage />;
}
