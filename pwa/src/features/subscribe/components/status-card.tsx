import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A centred card with a title, text and the way back to the workspace. */
export function StatusCard({
  title,
  children,
  tone = 'default',
}: {
  title: string;
  children: ReactNode;
  tone?: 'default' | 'error';
}) {
  return (
    <div
      className={`mx-auto max-w-lg rounded-2xl border p-8 text-center ${tone === 'error' ? 'border-red-900 bg-red-950/30' : 'border-slate-800 bg-slate-900'}`}
    >
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="mt-3 space-y-3 text-slate-300">{children}</div>
      <Link
        to="/"
        className="mt-6 inline-flex min-h-11 items-center rounded-lg border border-slate-700 px-5 font-medium hover:bg-slate-800"
      >
        Back to Staging
      </Link>
    </div>
  );
}
