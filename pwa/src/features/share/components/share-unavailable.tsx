import { SHARE_GONE_TEXT, SHARE_GONE_TITLE } from '@shared/domain';
import { Link } from 'react-router-dom';
import { StrokeIcon } from '../../../components/stroke-icon';

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
            {/* A chain link, broken in the middle. */}
            <path d="M9.5 14.5l-1.8 1.8a3 3 0 0 1-4.2-4.2L6 9.6M14.5 9.5l1.8-1.8a3 3 0 0 1 4.2 4.2L18 14.4" />
            <path d="M8 4l1 2M4 8l2 1M16 20l-1-2M20 16l-2-1" />
          </StrokeIcon>
          <h1 className="mt-4 text-2xl font-semibold text-balance">{SHARE_GONE_TITLE}</h1>
          <p className="mt-3 text-slate-300">{SHARE_GONE_TEXT}</p>
        </div>
      </main>
    </div>
  );
}
