import { openSignIn } from '../../../components/sign-in-opener';

/** Shown to visitors: generating needs an account, and the account keeps the work. */
export function SignInCard() {
  return (
    <section
      aria-labelledby="sign-in-card-title"
      className="rounded-2xl border border-indigo-500/40 bg-indigo-500/10 p-4"
    >
      <h2 id="sign-in-card-title" className="text-lg font-semibold">
        Sign in to save your work
      </h2>
      <p className="mt-1 text-sm text-slate-300">
        Create a free account to stage rooms, keep your projects and download the results.
      </p>
      <button
        type="button"
        onClick={() => openSignIn()}
        className="mt-3 min-h-11 w-full rounded-lg bg-indigo-500 px-4 font-semibold text-white hover:bg-indigo-400 sm:w-auto"
      >
        Sign in to save your work
      </button>
    </section>
  );
}
