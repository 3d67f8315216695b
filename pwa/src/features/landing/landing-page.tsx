import { FREE_GENERATIONS_PER_MONTH } from '@shared/domain';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { openSignIn } from '../../components/sign-in-opener';
import { usePageMeta } from '../../lib/use-page-meta';
import { EXAMPLES_SECTION_ID, ExamplesSection, type ExampleId } from './components/examples-section';
import { BenefitsSection, FeaturesSection } from './components/landing-sections';

export const LANDING_HEADING = 'Stage any room in seconds with AI';

const primary =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-600 px-6 font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-300';
const secondary =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-600 px-6 font-semibold text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-300';

function scrollToExamples() {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  document.getElementById(EXAMPLES_SECTION_ID)?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth' });
}

/** The public landing page: hero, features, examples, live demo (`demo`, composed in app/), benefits, call to action. */
export function LandingPage({ demo }: { demo: ReactNode }) {
  usePageMeta('Stagely', 'Stage, unstage and restyle room photos with AI in seconds.');
  const [example, setExample] = useState<ExampleId>('living-room');
  return (
    <div className="min-h-screen">
      <header className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3">
        <span className="text-xl font-bold tracking-tight">Stagely</span>
        <nav className="flex items-center gap-1 sm:gap-2" aria-label="Account">
          <button
            type="button"
            onClick={() => openSignIn()}
            className="inline-flex min-h-11 items-center rounded-lg px-3 text-slate-200 hover:bg-slate-800 sm:px-4"
          >
            Sign In
          </button>
          <button
            type="button"
            onClick={() => openSignIn('register')}
            className="inline-flex min-h-11 items-center rounded-lg bg-indigo-600 px-3 font-medium text-white hover:bg-indigo-500 sm:px-4"
          >
            Start Free Trial
          </button>
        </nav>
      </header>
      <main>
        <section className="mx-auto max-w-4xl px-4 pt-12 pb-16 text-center sm:pt-20">
          <p className="text-sm font-semibold tracking-wide text-indigo-300 uppercase">
            AI virtual staging for real estate
          </p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-6xl">{LANDING_HEADING}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">
            Upload a room photo and Stagely adds furniture and decor, clears clutter, or shows several styling
            options. Your first {FREE_GENERATIONS_PER_MONTH} rooms are free, no card required.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {/* Every sign-up call to action on this page does the same: open Create an account. */}
            <button type="button" className={primary} onClick={() => openSignIn('register')}>
              Start for Free
            </button>
            <button type="button" className={secondary} onClick={scrollToExamples}>
              See Examples
            </button>
          </div>
          <p className="mt-6 text-sm text-slate-300">Rated 4.9/5 by 2,847 users</p>
        </section>
        <FeaturesSection />
        <ExamplesSection selected={example} onSelect={setExample} />
        <section aria-labelledby="demo-title" className="mx-auto max-w-3xl px-4 py-16">
          <h2 id="demo-title" className="text-center text-3xl font-bold tracking-tight">
            Try it now with your own photo
          </h2>
          <p className="mt-3 mb-6 text-center text-slate-300">
            No account needed: drop a room photo and watch it get staged.
          </p>
          {demo}
        </section>
        <BenefitsSection />
        <section aria-labelledby="cta-title" className="mx-auto max-w-3xl px-4 py-16 text-center">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
            Ready to stage your next listing?
          </h2>
          <p className="mt-3 text-slate-300">
            {FREE_GENERATIONS_PER_MONTH} free credits, one per room photo. No card required.
          </p>
          <button type="button" className={`${primary} mt-6`} onClick={() => openSignIn('register')}>
            Claim Your Free Credits
          </button>
        </section>
      </main>
      <footer className="border-t border-slate-800 py-8">
        <nav
          className="mx-auto flex max-w-6xl flex-wrap justify-center gap-x-2 px-4 text-sm text-slate-300"
          aria-label="Footer"
        >
          <Link className="inline-flex min-h-11 items-center px-2 hover:text-white" to="/help">
            Help Center
          </Link>
          <Link className="inline-flex min-h-11 items-center px-2 hover:text-white" to="/contact">
            Contact
          </Link>
          <Link className="inline-flex min-h-11 items-center px-2 hover:text-white" to="/privacy">
            Privacy Policy
          </Link>
          <Link className="inline-flex min-h-11 items-center px-2 hover:text-white" to="/terms">
            Terms of Service
          </Link>
          <a className="inline-flex min-h-11 items-center px-2 hover:text-white" href="/api-docs">
            API Docs
          </a>
        </nav>
        <p className="mt-2 text-center text-xs text-slate-400">© {__BUILD_YEAR__} Stagely</p>
      </footer>
    </div>
  );
}
