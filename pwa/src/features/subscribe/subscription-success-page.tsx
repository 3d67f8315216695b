import { PRO_BENEFITS_PHRASE } from '@shared/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/full-screen-spinner';
import { limitsQueryOptions } from '../../lib/limits';
import { usePublicConfig } from '../../lib/public-config';
import { usePageMeta } from '../../lib/use-page-meta';
import { StatusCard } from './components/status-card';

const POLL_MS = 2000;
const GIVE_UP_MS = 90_000;

export const NO_SUBSCRIPTION_TITLE = 'No active subscription yet';
export const NO_SUBSCRIPTION_TEXT =
  'Your account is on the Free plan. No payment has been made, so there is nothing to confirm here.';

const linkClass = 'inline-flex min-h-11 items-center font-semibold text-indigo-300 hover:underline';

/** Stripe's redirect back adds these; without them no payment is under way and nothing is worth waiting for. */
const STRIPE_RETURN_PARAMS = ['payment_intent', 'redirect_status'];

/** Stripe returns here; Pro arrives by webhook, so after a payment we watch the limits until it shows. */
export function SubscriptionSuccessPage() {
  usePageMeta('Subscription');
  const [params] = useSearchParams();
  const status = params.get('redirect_status');
  const returning = STRIPE_RETURN_PARAMS.some((p) => params.has(p));
  const config = usePublicConfig();
  const startedAt = useQuery({
    queryKey: ['subscription-success-start'],
    queryFn: () => Date.now(),
    staleTime: Infinity,
  });
  const limits = useQuery({
    ...limitsQueryOptions(),
    staleTime: 0,
    enabled: status !== 'failed',
    refetchInterval: (q) =>
      !returning ||
      q.state.data?.hasActiveSubscription ||
      Date.now() - (startedAt.data ?? Date.now()) > GIVE_UP_MS
        ? false
        : POLL_MS,
  });

  if (status === 'failed') {
    return (
      <main className="min-h-screen px-4 py-10">
        <StatusCard title="Payment not completed" tone="error">
          <p>
            Your payment did not go through and you have not been charged. Please try again with another card.
          </p>
          <Link to="/subscribe" className={linkClass}>
            Try again
          </Link>
        </StatusCard>
      </main>
    );
  }
  if (limits.data?.hasActiveSubscription) {
    return (
      <main className="min-h-screen px-4 py-10">
        <StatusCard title="Welcome to Pro!">
          <p>You now have {PRO_BENEFITS_PHRASE}.</p>
        </StatusCard>
      </main>
    );
  }
  if (!returning && limits.isError) {
    return (
      <main className="min-h-screen px-4 py-10">
        <StatusCard title="Your plan could not be checked">
          <p>{limits.error.message || 'Please check your connection and try again.'}</p>
        </StatusCard>
      </main>
    );
  }
  if (!returning && limits.data) {
    return (
      <main className="min-h-screen px-4 py-10">
        <StatusCard title={NO_SUBSCRIPTION_TITLE}>
          <p>{NO_SUBSCRIPTION_TEXT}</p>
          {config.data?.paymentsEnabled && (
            <Link to="/subscribe" className={linkClass}>
              Upgrade to Pro
            </Link>
          )}
        </StatusCard>
      </main>
    );
  }
  const gaveUp = Date.now() - (startedAt.data ?? Date.now()) > GIVE_UP_MS;
  if (gaveUp || limits.isError) {
    return (
      <main className="min-h-screen px-4 py-10">
        <StatusCard title="Confirming your payment">
          <p>
            Your payment is still being confirmed. Pro switches on by itself as soon as it is; you can keep
            staging meanwhile.
          </p>
        </StatusCard>
      </main>
    );
  }
  return (
    <FullScreenSpinner
      label={status === 'processing' ? 'Your payment is processing...' : 'Confirming your subscription...'}
    />
  );
}
