import { Elements } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { PRO_PRICE_LABEL } from '@shared/domain';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/full-screen-spinner';
import { showToast } from '../../components/toast';
import { usePublicConfig } from '../../lib/public-config';
import { usePageMeta } from '../../lib/use-page-meta';
import { setupErrorMessage, useCreateSubscription } from './api/create-subscription';
import { CheckoutForm } from './components/checkout-form';
import { StatusCard } from './components/status-card';

export const UNAVAILABLE_TITLE = 'Subscription Unavailable';
export const UNAVAILABLE_TEXT =
  'Subscription functionality is not currently available. Please contact support.';

function Checkout({ publishableKey }: { publishableKey: string }) {
  const create = useCreateSubscription();
  const started = useRef(false);
  const stripePromise = useMemo<Promise<Stripe | null>>(() => loadStripe(publishableKey), [publishableKey]);

  useEffect(() => {
    if (started.current) return; // once per visit, even under StrictMode's double effects
    started.current = true;
    create.mutate(undefined, {
      onError: () =>
        showToast({
          title: 'Error',
          description: 'Failed to set up subscription. Please try again.',
          variant: 'destructive',
        }),
    });
  }, [create]);

  if (create.isError) {
    return (
      <StatusCard title="Subscription Error" tone="error">
        <p>{setupErrorMessage(create.error)}</p>
      </StatusCard>
    );
  }
  if (!create.data) return <FullScreenSpinner label="Setting up your subscription..." />;
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-slate-800 bg-slate-900 p-6 sm:p-8">
      <h1 className="text-2xl font-bold">Complete Your Subscription</h1>
      <p className="mt-2 text-slate-300">
        Stagely Pro: unlimited generations, all styles, 4K exports and priority processing for{' '}
        {PRO_PRICE_LABEL}.
      </p>
      <div className="mt-6">
        <Elements
          stripe={stripePromise}
          options={{ clientSecret: create.data, appearance: { theme: 'night' } }}
        >
          <CheckoutForm />
        </Elements>
      </div>
      <Link to="/" className="mt-4 inline-flex min-h-11 items-center text-slate-300 hover:text-white">
        Back to Staging
      </Link>
    </div>
  );
}

export function SubscribePage() {
  usePageMeta('Upgrade to Pro', `Unlimited AI staging for ${PRO_PRICE_LABEL}.`);
  const config = usePublicConfig();
  if (config.isPending) return <FullScreenSpinner label="Setting up your subscription..." />;
  const key = config.data?.paymentsEnabled ? config.data.stripePublishableKey : null;
  return (
    <main className="min-h-screen px-4 py-10">
      {key ? (
        <Checkout publishableKey={key} />
      ) : (
        <StatusCard title={UNAVAILABLE_TITLE}>
          <p>{UNAVAILABLE_TEXT}</p>
        </StatusCard>
      )}
    </main>
  );
}
