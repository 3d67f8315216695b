import type { User } from '@shared/api';
import { lazy, Suspense } from 'react';

const Menu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

/** The user menu, loaded with its own chunk; a same-sized avatar holds its place meanwhile. */
export function UserMenu({ user }: { user: User }) {
  const placeholder = (
    <span className="flex min-h-11 items-center p-1" aria-hidden="true">
      <span className="h-9 w-9 rounded-full bg-slate-800" />
    </span>
  );
  return (
    <Suspense fallback={placeholder}>
      <Menu user={user} />
    </Suspense>
  );
}
