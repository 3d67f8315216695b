import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** Layout for simple full pages: a back link, a heading and content. */
export function PageShell({
  title,
  children,
  backLabel = 'Back to App',
}: {
  title: string;
  children: ReactNode;
  backLabel?: string;
}) {
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-10 border-b border-slate-800 bg-slate-950/90 backdrop-blur">
        <div className="mx-auto flex max-w-5xl items-center px-4 py-3">
          <Link
            to="/"
            className="inline-flex min-h-11 items-center rounded-lg px-3 text-slate-300 hover:bg-slate-800 hover:text-white"
          >
            <span aria-hidden="true">←&nbsp;</span>
            {backLabel}
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <div className="mt-6 space-y-4 text-slate-300">{children}</div>
      </main>
    </div>
  );
}
