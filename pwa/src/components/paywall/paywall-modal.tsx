import { Description, DialogTitle } from '@headlessui/react';
import type { Limits } from '@shared/api';
import { PAYWALL_TITLE, PRO_BENEFITS, PRO_PRICE_LABEL, paywallText } from '@shared/domain';
import { useNavigate } from 'react-router-dom';
import { SheetDialog } from '../sheet-dialog';
import { paywallMax } from '../../lib/limits';
import { closePaywall, usePaywallOpen, usePaywallReason } from './paywall-store';

/**
 * 'Generation Limit Reached' with the user's maximum (10 when the maximum is not a number), or the
 * server's own title and sentence when it said why (e.g. a property limit, too few credits for a run).
 */
export function PaywallModal({ limits }: { limits: Limits | undefined }) {
  const open = usePaywallOpen();
  const reason = usePaywallReason();
  const navigate = useNavigate();
  const upgrade = () => {
    closePaywall();
    void navigate('/subscribe');
  };
  return (
    <SheetDialog open={open} onClose={closePaywall}>
      <DialogTitle className="text-xl font-semibold">{reason?.title ?? PAYWALL_TITLE}</DialogTitle>
      <Description className="mt-2 text-slate-300">
        {reason?.message ?? paywallText(paywallMax(limits))}
      </Description>
      <div className="mt-4 rounded-xl border border-amber-400/40 bg-amber-400/10 p-4">
        <p className="font-semibold text-amber-200">
          Stagely Pro <span className="text-slate-300">· {PRO_PRICE_LABEL}</span>
        </p>
        <ul className="mt-2 space-y-1 text-sm text-slate-200">
          {PRO_BENEFITS.map((b) => (
            <li key={b}>
              <span aria-hidden="true" className="mr-2 text-emerald-400">
                ✓
              </span>
              {b}
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={closePaywall}
          className="min-h-11 rounded-lg border border-slate-700 px-4 font-medium text-slate-200 hover:bg-slate-800"
        >
          Maybe Later
        </button>
        {reason?.fit && (
          <button
            type="button"
            onClick={() => {
              const run = reason.fit?.run;
              closePaywall();
              run?.();
            }}
            className="min-h-11 rounded-lg border border-indigo-400 px-4 font-medium text-indigo-200 hover:bg-indigo-500/10"
          >
            {reason.fit.label}
          </button>
        )}
        <button
          type="button"
          onClick={upgrade}
          className="min-h-11 rounded-lg bg-amber-400 px-4 font-semibold text-slate-900 hover:bg-amber-300"
        >
          Upgrade to Pro
        </button>
      </div>
    </SheetDialog>
  );
}
