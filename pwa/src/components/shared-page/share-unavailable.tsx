import { SHARE_GONE_TEXT, SHARE_GONE_TITLE } from '@shared/domain';
import { Link } from 'react-router-dom';
import { StrokeIcon } from '../stroke-icon';

/** A buyer's page for a share link that was revoked, deleted or never existed: what happened, what to do. */
export function ShareUnavailable() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-800 bg-slate-950/95">
        <div className="mx-auto flex max-w-5xl items-center px-4 py-3">
          <Link to="/" className="text-lg font-bold tracking-tight text-slate-100">
            Stagely
          </Link>
        </div>
      </header>
      <main id="main" className="flex flex-1 items-center justify-center p-4 sm:p-6">
        <div className="w-full max-w-md rounded-2xl border border-slate-800 bg-slate-900 p-6 text-center shadow-xl sm:p-8">
          <StrokeIcon
            size={40}
            strokeWidth={1.8}
            strokeLinecap="round"
            strokeLinejoin="round"
            className="mx-auto text-slate-400"
          >
            {/* A link, struck through. */}
            <path d="M9 17H7a5 5 0 0 1 0-10h2M15 7h2a5 5 0 0 1 4.2 7.7M8 12h4" />
            <path d="M3 3l18 18" />
          </StrokeIcon>
          <h1 className="mt-4 text-2xl font-semibold text-balance">{SHARE_GONE_TITLE}</h1>
          <p className="mt-3 text-slate-300">{SHARE_GONE_TEXT}</p>
        </div>
      </main>
    </div>
  );
}
