import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; price: { id: string }; current_period_end: number }[] };
  latest_invoice: string;
  /** Unix seconds at which a cancelled subscription ends, as Stripe sets it; null while it renews. */
  cancel_at: number | null;
  cancel_at_period_end: boolean;
}

/** The period end every subscription of the fake has (2030-03-17), in Stripe's Unix seconds. */
export const FAKE_PERIOD_END = 1_900_000_000;

/**
 * A loopback stand-in for the parts of Stripe's API we call, answering like Stripe (form-encoded
 * requests, JSON objects, `expand`). Tests drive the state and read what the real SDK sent.
 */
export class FakeStripe {
  readonly requests: { method: string; path: string; params: URLSearchParams }[] = [];
  readonly customers = new Map<string, { id: string; email: string }>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** False: no customer portal configuration was ever saved (Stripe then refuses portal sessions). */
  portalConfigured = true;
  /** True: new subscriptions' first invoice is 0 (a 100% coupon or a trial), so Stripe activates them at once. */
  nothingDue = false;
  private server: Server | null = null;
  private seq = 0;
  url = '';

  private id(prefix: string) {
    this.seq += 1;
    return `${prefix}_${this.seq.toString().padStart(6, '0')}`;
  }

  private invoice(sub: FakeSubscription, expand: string[]) {
    // A paid-at-once (zero) invoice has no payment to confirm: no confirmation secret.
    const paid = sub.status === 'active' || sub.status === 'trialing';
    const inv = {
      id: sub.latest_invoice,
      object: 'invoice',
      amount_due: paid ? 0 : 499,
      confirmation_secret: paid ? null : { client_secret: `pi_secret_${sub.id}`, type: 'payment_intent' },
    };
    return expand.some(
      (e) => e.endsWith('latest_invoice.confirmation_secret') || e.endsWith('latest_invoice'),
    )
      ? inv
      : sub.latest_invoice;
  }

  private render(sub: FakeSubscription, expand: string[]) {
    return { ...sub, latest_invoice: this.invoice(sub, expand) };
  }

  setStatus(subscriptionId: string, status: string): void {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    sub.status = status;
  }

  /** Cancels at the period's end, as the customer portal does (Stripe keeps it active until then). */
  cancelAtPeriodEnd(subscriptionId: string): void {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    sub.cancel_at_period_end = true;
    sub.cancel_at = sub.items.data[0]?.current_period_end ?? null;
  }

  private route(method: string, path: string, params: URLSearchParams): [number, unknown] {
    const expand = [...params.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
    if (method === 'POST' && path === '/v1/customers') {
      const c = { id: this.id('cus'), object: 'customer', email: params.get('email') ?? '' };
      this.customers.set(c.id, c);
      return [200, c];
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const status = params.get('status');
      const data = [...this.subscriptions.values()]
        .filter(
          (s) =>
            s.customer === params.get('customer') && (!status || status === 'all' || s.status === status),
        )
        .map((s) =>
          this.render(
            s,
            expand.map((e) => e.replace(/^data\./, '')),
          ),
        );
      return [200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' }];
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = params.get('customer') ?? '';
      if (!this.customers.has(customer))
        return [400, { error: { type: 'invalid_request_error', message: 'No such customer' } }];
      const sub: FakeSubscription = {
        id: this.id('sub'),
        object: 'subscription',
        customer,
        status: this.nothingDue ? 'active' : 'incomplete',
        metadata: { userId: params.get('metadata[userId]') ?? '' },
        items: {
          object: 'list',
          data: [
            {
              id: this.id('si'),
              price: { id: params.get('items[0][price]') ?? '' },
              current_period_end: FAKE_PERIOD_END,
            },
          ],
        },
        latest_invoice: this.id('in'),
        cancel_at: null,
        cancel_at_period_end: false,
      };
      this.subscriptions.set(sub.id, sub);
      return [200, this.render(sub, expand)];
    }
    const one = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    if (one) {
      const sub = this.subscriptions.get(one[1]!);
      if (!sub) return [404, { error: { type: 'invalid_request_error', message: 'No such subscription' } }];
      if (method === 'DELETE') sub.status = 'canceled';
      return [200, this.render(sub, expand)];
    }
    if (method === 'GET' && path === '/v1/billing_portal/configurations') {
      const data = this.portalConfigured
        ? [{ id: 'bpc_default', object: 'billing_portal.configuration', is_default: true, active: true }]
        : [];
      return [200, { object: 'list', data, has_more: false, url: '/v1/billing_portal/configurations' }];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!this.portalConfigured)
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              message:
                'No configuration provided and your test mode default configuration has not been created. Provide a configuration or create your default by saving your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.',
            },
          },
        ];
      return [
        200,
        {
          id: this.id('bps'),
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/${params.get('customer')}`,
          return_url: params.get('return_url'),
        },
      ];
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    ];
  }

  async start(): Promise<this> {
    this.server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://x');
        const params = new URLSearchParams(
          req.method === 'GET' || req.method === 'DELETE' ? url.search : body,
        );
        this.requests.push({ method: req.method ?? 'GET', path: url.pathname, params });
        const [status, json] = this.route(req.method ?? 'GET', url.pathname, params);
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${this.seq}` });
        res.end(JSON.stringify(json));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
