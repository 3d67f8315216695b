import { isIP } from 'node:net';
import { isInternalAddress, OutboundTargets } from '../push';

/**
 * Where webhooks may go: public https addresses only (the push service's rule for private addresses), and the
 * origins an operator names in WEBHOOK_ALLOWED_ORIGINS (an in-house receiver, or a test's loopback one) as given.
 * A name is resolved again at send time (`publicOnlyLookup`), so one rebound to an inside address is refused then.
 */
export class WebhookTargets extends OutboundTargets {
  protected accepts(url: URL): boolean {
    if (url.protocol !== 'https:' || url.username || url.password) return false;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (host === 'localhost' || host.endsWith('.localhost')) return false;
    return isIP(host) === 0 || !isInternalAddress(host);
  }
}
