import { Link } from 'react-router-dom';
import { usePageMeta } from '../../lib/use-page-meta';

export const NOT_FOUND_TITLE = 'Page Not Found';
export const NOT_FOUND_HINT = 'Did you forget to add the page to the router?';
const NOT_FOUND_DESCRIPTION = 'This address does not match any page of Stagely.';

export function NotFoundPage() {
  usePageMeta(NOT_FOUND_TITLE, NOT_FOUND_DESCRIPTION);
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-md rounded-2xl border border-slate-800 bg-slate-900 p-8 text-center shadow-xl">
        <p className="text-5xl font-bold text-indigo-400" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-2xl font-semibold">{NOT_FOUND_TITLE}</h1>
        <p className="mt-2 text-slate-400">{NOT_FOUND_HINT}</p>
        <Link
          to="/"
          className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-indigo-600 px-5 font-medium text-white hover:bg-indigo-500"
        >
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
