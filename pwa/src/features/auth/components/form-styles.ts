/** Field and button looks shared by the sign-in, forgot-password and reset-password forms. */
export const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100 placeholder:text-slate-500 focus:border-indigo-400 focus:outline-none aria-[invalid=true]:border-red-400';
export const labelClass = 'block text-sm text-slate-300';
export const submitClass =
  'min-h-11 w-full rounded-lg bg-indigo-500 px-4 font-semibold text-white hover:bg-indigo-400 disabled:opacity-60';
export const linkButtonClass = 'min-h-11 font-medium text-indigo-300 underline-offset-4 hover:underline';
export const alertClass = 'rounded-lg border border-red-900 bg-red-950/60 px-3 py-2 text-sm text-red-200';
export const noticeClass =
  'rounded-lg border border-emerald-900 bg-emerald-950/60 px-3 py-2 text-sm text-emerald-100';
