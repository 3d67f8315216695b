import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/full-screen-spinner';
import { limitsQueryOptions } from '../../lib/limits';
import { usePageMeta } from '../../lib/use-page-meta';
import { StatusCard } from './components/status-card';

const POLL_MS = 2000;
const GIVE_UP_MS = 90_000;

/** Stripe returns here; Pro arrives by webhook, so we watch the limits until it shows. */
export function SubscriptionSuccessPage() {
  usePageMeta('Subscription');
  const [params] = useSearchParams();
  const status = params.get('redirect_status');
  const startedAt = useQuery({
    queryKey: ['subscription-success-start'],
    queryFn: () => Date.now(),
    staleTime: Infinity,
  });
  const waiting = status !== 'failed';
  const limits = useQuery({
    ...limitsQueryOptions(),
    staleTime: 0,
    enabled: waiting,
    refetchInterval: (q) =>
      q.state.data?.hasActiveSubscription || Date.now() - (startedAt.data ?? Date.now()) > GIVE_UP_MS
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
          <Link
            to="/subscribe"
            className="inline-flex min-h-11 items-center font-semibold text-indigo-300 hover:underline"
          >
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
          <p>You now have unlimited generations, all styles and 4K exports.</p>
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
