/** 'Pro' or 'Free', as the account menu and Settings show the plan. */
export function PlanBadge({ pro }: { pro: boolean }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${pro ? 'bg-amber-400 text-slate-900' : 'bg-slate-700 text-slate-200'}`}
    >
      {pro ? 'Pro' : 'Free'}
    </span>
  );
}
