import {
  PRO_BENEFITS_PHRASE,
  PRO_PRICE_LABEL,
  creditsReturnedLine,
  freeRetriesLine,
  subscriptionDateText,
} from '@shared/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PlanBadge } from '../../../components/plan-badge';
import { showError } from '../../../components/toast';
import { MANAGE_SUBSCRIPTION, UPGRADE_TO_PRO, openBillingPortal } from '../../../lib/billing-portal';
import { useCurrentUser } from '../../../lib/auth';
import { formatMaxGenerations, useLimits } from '../../../lib/limits';

const action =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400';

/** The account's plan and what to do with it: upgrade (Free), or its renewal or end date and the billing portal (Pro). */
export function PlanSection() {
  const limits = useLimits(true);
  const [opening, setOpening] = useState(false);
  const pro = limits.data?.hasActiveSubscription === true;
  const dates = subscriptionDateText(useCurrentUser().data?.subscription);

  const manage = () => {
    setOpening(true);
    openBillingPortal().catch((err: Error) => {
      setOpening(false);
      showError(err.message);
    });
  };

  return (
    <section aria-labelledby="plan-heading" className="rounded-2xl border border-slate-800 bg-slate-900 p-6">
      <h2 id="plan-heading" className="text-lg font-semibold">
        Plan
      </h2>
      {limits.isError && (
        <p role="alert" className="mt-3 text-red-300">
          {limits.error.message}
        </p>
      )}
      {limits.isPending && <p className="mt-3 text-slate-400">Loading your plan...</p>}
      {limits.data && (
        <div className="mt-3 space-y-3 text-slate-300">
          <p className="flex flex-wrap items-center gap-2">
            <PlanBadge pro={pro} />
            <span>
              {limits.data.generationsUsed}/{formatMaxGenerations(limits.data)} generations used this month
            </span>
          </p>
          {(limits.data.creditsReturned ?? 0) > 0 && (
            <p>{creditsReturnedLine(limits.data.creditsReturned ?? 0)}</p>
          )}
          {(limits.data.freeRetries ?? 0) > 0 && <p>{freeRetriesLine(limits.data.freeRetries ?? 0)}</p>}
          {pro ? (
            <>
              {dates && <p className="font-semibold text-slate-100">{dates}</p>}
              <p>
                Cancel, change your card or download invoices in our payment provider&apos;s secure billing
                portal.
              </p>
              <button
                type="button"
                onClick={manage}
                disabled={opening}
                className={`${action} border border-slate-600 text-slate-100 hover:bg-slate-800 disabled:opacity-60`}
              >
                {opening ? 'Opening...' : MANAGE_SUBSCRIPTION}
              </button>
            </>
          ) : (
            <>
              <p>
                Pro: {PRO_BENEFITS_PHRASE} for {PRO_PRICE_LABEL}.
              </p>
              <Link to="/subscribe" className={`${action} bg-amber-400 text-slate-900 hover:bg-amber-300`}>
                {UPGRADE_TO_PRO}
              </Link>
            </>
          )}
        </div>
      )}
    </section>
  );
}
