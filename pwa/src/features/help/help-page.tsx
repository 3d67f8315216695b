import { SUPPORT_REPLY_TIME } from '@shared/domain';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../../components/public-layout';
import { usePageMeta } from '../../lib/use-page-meta';
import { FAQ_CATEGORIES } from './faq-content';

export const HELP_DESCRIPTION =
  'Answers about uploading room photos, staging modes, style presets, free generations, Pro billing and data security.';

const buttonClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-5 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400';

export function HelpPage() {
  usePageMeta('Help Center', HELP_DESCRIPTION);
  return (
    <PublicLayout>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Help Center</h1>
      <p className="mt-3 max-w-2xl text-slate-300">
        Find answers about staging your rooms, your subscription and anything that did not go as expected.
      </p>

      <nav aria-label="Help categories" className="mt-8">
        <ul className="grid gap-4 sm:grid-cols-3">
          {FAQ_CATEGORIES.map((c) => (
            <li key={c.id}>
              <a
                href={`#${c.id}`}
                className="block h-full rounded-2xl border border-slate-800 bg-slate-900 p-5 hover:border-indigo-500"
              >
                {c.icon}
                <span className="mt-2 block text-lg font-semibold text-white">{c.title}</span>
                <span className="mt-1 block text-sm text-slate-300">{c.summary}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {FAQ_CATEGORIES.map((c) => (
        <section key={c.id} id={c.id} aria-labelledby={`${c.id}-title`} className="mt-12 scroll-mt-20">
          <h2 id={`${c.id}-title`} className="text-2xl font-semibold">
            {c.title}
          </h2>
          <div className="mt-4 grid gap-4">
            {c.faqs.map((f) => (
              <article
                key={f.id}
                id={f.id}
                aria-labelledby={`${f.id}-q`}
                className="scroll-mt-20 rounded-2xl border border-slate-800 bg-slate-900 p-5"
              >
                <h3 id={`${f.id}-q`} className="text-lg font-semibold text-white">
                  {f.question}
                </h3>
                <div className="mt-2 text-slate-300">{f.answer}</div>
              </article>
            ))}
          </div>
        </section>
      ))}

      <section
        aria-labelledby="still-need-help"
        className="mt-12 rounded-2xl border border-indigo-800 bg-indigo-950/60 p-6 text-center"
      >
        <h2 id="still-need-help" className="text-2xl font-semibold">
          Still need help?
        </h2>
        <p className="mt-2 text-slate-200">Our support team replies {SUPPORT_REPLY_TIME}.</p>
        <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/contact" className={`${buttonClass} bg-indigo-600 text-white hover:bg-indigo-500`}>
            Contact Support
          </Link>
          <Link
            to="/api-docs"
            className={`${buttonClass} border border-slate-600 text-slate-100 hover:bg-slate-800`}
          >
            API Documentation
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
