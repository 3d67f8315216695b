/**
 * Where the server may send on a user's behalf (push services, webhooks): the origins an operator names,
 * trusted as given (a self-hosted service, a test's loopback receiver), or what `accepts` allows. Named origins
 * also skip the connect-time address check: the operator named them.
 */
export abstract class OutboundTargets {
  private readonly named: Set<string>;

  constructor(namedOrigins: readonly string[] = []) {
    this.named = new Set(namedOrigins.map((o) => new URL(o).origin));
  }

  /** Whether an endpoint may be saved and sent to, judged from its address alone. */
  allows(endpoint: string): boolean {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    return this.named.has(url.origin) || this.accepts(url);
  }

  checksAddresses(endpoint: string): boolean {
    return !this.named.has(new URL(endpoint).origin);
  }

  protected abstract accepts(url: URL): boolean;
}
