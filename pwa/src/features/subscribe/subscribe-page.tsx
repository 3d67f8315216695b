import { PRO_PRICE_LABEL } from '@shared/domain';
import { lazy, Suspense } from 'react';
import { FullScreenSpinner } from '../../components/full-screen-spinner';
import { usePublicConfig } from '../../lib/public-config';
import { usePageMeta } from '../../lib/use-page-meta';
import { StatusCard } from './components/status-card';

export const UNAVAILABLE_TITLE = 'Subscription Unavailable';
export const UNAVAILABLE_TEXT =
  'Subscription functionality is not currently available. Please contact support.';

// Stripe's React bindings and Stripe.js come only when payments are on.
const Checkout = lazy(() => import('./components/checkout').then((m) => ({ default: m.Checkout })));

export function SubscribePage() {
  usePageMeta('Upgrade to Pro', `Unlimited AI staging for ${PRO_PRICE_LABEL}.`);
  const config = usePublicConfig();
  if (config.isPending) return <FullScreenSpinner label="Setting up your subscription..." />;
  const key = config.data?.paymentsEnabled ? config.data.stripePublishableKey : null;
  return (
    <main className="min-h-screen px-4 py-10">
      {key ? (
        <Suspense fallback={<FullScreenSpinner label="Setting up your subscription..." />}>
          <Checkout publishableKey={key} />
        </Suspense>
      ) : (
        <StatusCard title={UNAVAILABLE_TITLE}>
          <p>{UNAVAILABLE_TEXT}</p>
        </StatusCard>
      )}
    </main>
  );
}
