import type { ReactNode } from 'react';
import { PublicLayout } from '../../../components/public-layout';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export const LEGAL_LAST_UPDATED = 'January 15, 2025';

/** A legal page: title, date, a table of contents of anchor links, and numbered sections. */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-400">Last updated {LEGAL_LAST_UPDATED}</p>
        <div className="mt-6 space-y-3 text-slate-300">{intro}</div>
        <nav
          aria-labelledby="toc-title"
          className="mt-8 rounded-2xl border border-slate-800 bg-slate-900 p-5"
        >
          <h2 id="toc-title" className="text-lg font-semibold">
            Table of Contents
          </h2>
          <ol className="mt-3 grid gap-x-6 sm:grid-cols-2">
            {sections.map((s, i) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="inline-flex min-h-11 items-center text-indigo-300 underline-offset-4 hover:text-indigo-200 hover:underline"
                >
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-10 scroll-mt-20">
            <h2 id={`${s.id}-title`} className="text-xl font-semibold text-white">
              {i + 1}. {s.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-slate-300">{s.body}</div>
          </section>
        ))}
      </article>
    </PublicLayout>
  );
}
