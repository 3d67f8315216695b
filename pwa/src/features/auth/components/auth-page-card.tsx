import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The card a page opened from a mailed link stands in (reset a password, finish a sign-up), with the way back. */
export function AuthPageCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-start justify-center px-4 py-10 sm:items-center">
      <div className="w-full max-w-md rounded-2xl border border-slate-800 bg-slate-900 p-6 shadow-xl sm:p-8">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {children}
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-indigo-300 underline-offset-4 hover:underline">
            Back to Stagely
          </Link>
        </p>
      </div>
    </main>
  );
}
