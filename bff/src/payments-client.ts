// The payment provider as the app uses it: the few Stripe calls billing makes, written as plain shapes, so
// AppDeps names it without importing billing or the Stripe SDK (the SDK's client fits it; the build checks that).

/** A subscription as the app reads it (Stripe's own fields and names). */
export interface PaymentSubscription {
  id: string;
  status: string;
  customer: string | { id: string };
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  items: { data: { current_period_end: number; price: { id: string } }[] };
  latest_invoice: string | { confirmation_secret?: { client_secret: string } | null } | null;
}

/** A verified webhook event; `data.object` is read by its `type`. */
export interface PaymentEvent {
  id: string;
  type: string;
  data: { object: unknown };
}

/** The calls billing makes; the Stripe SDK (`createStripe` in modules/billing) is one. */
export interface PaymentsClient {
  customers: {
    create(
      params: { email: string; name: string; metadata: Record<string, string> },
      options: { idempotencyKey: string },
    ): Promise<{ id: string }>;
  };
  subscriptions: {
    list(params: {
      customer: string;
      status: 'incomplete' | 'all';
      limit: number;
      expand?: string[];
    }): Promise<{ data: PaymentSubscription[] }>;
    create(params: {
      customer: string;
      items: { price: string }[];
      payment_behavior: 'default_incomplete';
      payment_settings: { save_default_payment_method: 'on_subscription' };
      expand: string[];
      metadata: Record<string, string>;
    }): Promise<PaymentSubscription>;
    retrieve(id: string): Promise<PaymentSubscription>;
    cancel(id: string): Promise<unknown>;
  };
  billingPortal: {
    sessions: { create(params: { customer: string; return_url: string }): Promise<{ url: string }> };
    configurations: { list(params: { is_default: boolean; limit: number }): Promise<{ data: unknown[] }> };
  };
  webhooks: {
    constructEvent(payload: Buffer, header: string, secret: string, tolerance: number): PaymentEvent;
  };
}
