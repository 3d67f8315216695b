import { isIP } from 'node:net';
import { isInternalAddress } from '../push';

/**
 * Where webhooks may go: public https addresses only (the push service's rule for private addresses), and the
 * origins an operator names in WEBHOOK_ALLOWED_ORIGINS (an in-house receiver, or a test's loopback one) as given.
 * A name is resolved again at send time (`publicOnlyLookup`), so one rebound to an inside address is refused then.
 */
export class WebhookTargets {
  private readonly allowed: Set<string>;

  constructor(allowedOrigins: readonly string[] = []) {
    this.allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  }

  /** Whether an endpoint may be registered and sent to, judged from its address alone. */
  allows(endpoint: string): boolean {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (this.allowed.has(url.origin)) return true;
    if (url.protocol !== 'https:' || url.username || url.password) return false;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (host === 'localhost' || host.endsWith('.localhost')) return false;
    return isIP(host) === 0 || !isInternalAddress(host);
  }

  /** Operator-named origins skip the connect-time address check: the operator named them. */
  checksAddresses(endpoint: string): boolean {
    return !this.allowed.has(new URL(endpoint).origin);
  }
}
