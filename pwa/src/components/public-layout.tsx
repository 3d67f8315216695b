import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SiteFooter } from './site-footer';

/** Help, contact, legal and API pages: a sticky 'Back to App' header, the page, the site footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-20 border-b border-slate-800 bg-slate-950/95 backdrop-blur">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-4 py-2">
          <Link
            to="/"
            className="inline-flex min-h-11 items-center rounded-lg px-3 text-slate-200 hover:bg-slate-800 hover:text-white"
          >
            <span aria-hidden="true">←&nbsp;</span>
            Back to App
          </Link>
          <span className="text-lg font-bold tracking-tight">Stagely</span>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
