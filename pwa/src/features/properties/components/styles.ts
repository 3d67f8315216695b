/** The property screens' shared looks (buttons, cards), so every target is at least 44 px. */
export const card = 'rounded-2xl border border-slate-800 bg-slate-900 p-4';
export const button =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-700 px-4 text-sm font-medium text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-400 disabled:cursor-not-allowed disabled:opacity-60';
export const primaryButton =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-indigo-500 px-4 font-semibold text-white hover:bg-indigo-400 focus-visible:outline-2 focus-visible:outline-indigo-300 disabled:cursor-not-allowed disabled:opacity-60';
export const iconButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400 disabled:cursor-not-allowed disabled:opacity-40';
export const field =
  'mt-1 block w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2.5 text-slate-100 placeholder:text-slate-400 focus:border-indigo-400 focus:outline-none focus:ring-2 focus:ring-indigo-500/40 aria-[invalid=true]:border-red-400';
export const label = 'block text-sm font-medium text-slate-200';
