import { Elements } from '@stripe/react-stripe-js';
// The pure entry adds Stripe.js to the page only when loadStripe runs, never merely by being imported.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { PRO_BENEFITS_PHRASE, PRO_PRICE_LABEL } from '@shared/domain';
import { useEffect, useMemo, useRef } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { FullScreenSpinner } from '../../../components/full-screen-spinner';
import { showError } from '../../../components/toast';
import { SUBSCRIBE_TOASTS } from '../subscribe-texts';
import { setupErrorMessage, useCreateSubscription } from '../api/create-subscription';
import { CheckoutForm, SUCCESS_PATH } from './checkout-form';
import { StatusCard } from './status-card';

/** The Pro checkout: sets up the subscription, then Stripe's Payment Element. Loaded only with payments on. */
export function Checkout({ publishableKey }: { publishableKey: string }) {
  const create = useCreateSubscription();
  const started = useRef(false);
  const stripePromise = useMemo<Promise<Stripe | null>>(() => loadStripe(publishableKey), [publishableKey]);

  useEffect(() => {
    if (started.current) return; // once per visit, even under StrictMode's double effects
    started.current = true;
    create.mutate(undefined, {
      onError: () => showError(SUBSCRIBE_TOASTS.setupFailed),
    });
  }, [create]);

  if (create.isError) {
    return (
      <StatusCard title="Subscription Error" tone="error">
        <p>{setupErrorMessage(create.error)}</p>
      </StatusCard>
    );
  }
  // Nothing to pay (a coupon or a trial): the subscription is active already.
  if (create.data === null) return <Navigate to={`${SUCCESS_PATH}?redirect_status=succeeded`} replace />;
  if (!create.data) return <FullScreenSpinner label="Setting up your subscription..." />;
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-slate-800 bg-slate-900 p-6 sm:p-8">
      <h1 className="text-2xl font-bold">Complete Your Subscription</h1>
      <p className="mt-2 text-slate-300">
        Stagely Pro: {PRO_BENEFITS_PHRASE} for {PRO_PRICE_LABEL}.
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
