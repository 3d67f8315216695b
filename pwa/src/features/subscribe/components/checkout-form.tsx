import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { PRO_PRICE_LABEL } from '@shared/domain';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { showConfirmation, showError } from '../../../components/toast';
import { SUBSCRIBE_TOASTS } from '../subscribe-texts';

export const SUCCESS_PATH = '/subscription-success';

/** The Payment Element and its submit button; disabled until Stripe.js is ready. */
export function CheckoutForm() {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}${SUCCESS_PATH}` },
      redirect: 'if_required',
    });
    setBusy(false);
    if (error) {
      const failed = SUBSCRIBE_TOASTS.paymentFailed;
      showError(error.message ?? failed.fallback, failed.title);
      return;
    }
    void showConfirmation(SUBSCRIBE_TOASTS.paymentSucceeded);
    void navigate(
      `${SUCCESS_PATH}?redirect_status=${paymentIntent?.status === 'succeeded' ? 'succeeded' : 'processing'}`,
    );
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-6">
      <PaymentElement />
      <button
        type="submit"
        disabled={!stripe || !elements || busy}
        className="min-h-11 w-full rounded-lg bg-indigo-500 px-4 font-semibold text-white enabled:hover:bg-indigo-400 disabled:opacity-60"
      >
        {busy ? 'Processing...' : `Complete Payment - ${PRO_PRICE_LABEL}`}
      </button>
    </form>
  );
}
