import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { openSignIn } from '../components/sign-in-opener';
import { UserMenu } from '../features/auth';
import { useCurrentUser } from '../lib/auth';

/** The workspace header: brand, the screen's own tools (help, settings), and the user menu or Sign In. */
export function AppHeader({ tools }: { tools?: ReactNode }) {
  const { data: user } = useCurrentUser();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-800 bg-slate-950/90 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-3 py-2 sm:px-4">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-lg font-bold tracking-tight"
        >
          <img src="/icons/icon-192.png" alt="" width={28} height={28} className="h-7 w-7 rounded-md" />
          Stagely
        </Link>
        <div className="flex items-center gap-1">
          {tools}
          {user ? (
            <UserMenu user={user} />
          ) : (
            <button
              type="button"
              onClick={() => openSignIn()}
              className="min-h-11 rounded-lg bg-indigo-500 px-4 font-medium text-white hover:bg-indigo-400"
            >
              Sign In
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
