import { FREE_GENERATIONS_PER_MONTH } from '@shared/domain';
import { Link } from 'react-router-dom';
import { openSignIn } from '../../components/sign-in-opener';
import { usePageMeta } from '../../lib/use-page-meta';

export const LANDING_HEADING = 'Stage any room in seconds with AI';

export function LandingPage() {
  usePageMeta('Stagely', 'Stage, unstage and restyle room photos with AI in seconds.');
  return (
    <div className="min-h-screen">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4">
        <span className="text-xl font-bold tracking-tight">Stagely</span>
        <nav className="flex items-center gap-2" aria-label="Account">
          <button
            type="button"
            onClick={() => openSignIn()}
            className="inline-flex min-h-11 items-center rounded-lg px-4 text-slate-200 hover:bg-slate-800"
          >
            Sign In
          </button>
          <button
            type="button"
            onClick={() => openSignIn('register')}
            className="inline-flex min-h-11 items-center rounded-lg bg-indigo-500 px-4 font-medium text-white hover:bg-indigo-400"
          >
            Start Free Trial
          </button>
        </nav>
      </header>
      <main className="mx-auto max-w-6xl px-4 pt-16 pb-24 text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">{LANDING_HEADING}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">
          Upload a room photo and Stagely adds furniture and decor, clears clutter, or shows several styling
          options. Your first {FREE_GENERATIONS_PER_MONTH} rooms are free, no card required.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Link
            to="/app"
            className="inline-flex min-h-11 items-center rounded-lg bg-indigo-500 px-6 font-semibold text-white hover:bg-indigo-400"
          >
            Start for Free
          </Link>
        </div>
      </main>
      <footer className="border-t border-slate-800 py-8">
        <nav
          className="mx-auto flex max-w-6xl flex-wrap justify-center gap-4 px-4 text-sm text-slate-400"
          aria-label="Footer"
        >
          <Link className="hover:text-white" to="/help">
            Help Center
          </Link>
          <Link className="hover:text-white" to="/contact">
            Contact
          </Link>
          <Link className="hover:text-white" to="/privacy">
            Privacy Policy
          </Link>
          <Link className="hover:text-white" to="/terms">
            Terms of Service
          </Link>
        </nav>
      </footer>
    </div>
  );
}
