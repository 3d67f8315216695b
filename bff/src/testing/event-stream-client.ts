import type { CookieJar } from './cookie-jar';

/** One server-sent event as a browser's EventSource would see it, with the Date.now() it arrived at. */
export interface ReceivedEvent {
  event: string;
  data: string;
  receivedAt: number;
}

/**
 * A `text/event-stream` reader over fetch, parsing the format as EventSource does (`event:`, `data:`,
 * `retry:`, comments), for tests and the bench that have no browser at hand.
 */
export class EventStreamClient {
  readonly events: ReceivedEvent[] = [];
  readonly comments: string[] = [];
  retryMs: number | null = null;
  /** Resolves when the server ends the stream (or the client closes it). */
  readonly ended: Promise<void>;
  private readonly waiters = new Set<() => void>();

  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {
    this.ended = this.read().finally(() => this.wake());
  }

  /**
   * Opens the stream with a jar's session, or a `Cookie` header (a browser's); a refused one (401, 429)
   * comes back with `response` only and nothing to read.
   */
  static async open(url: string, session: CookieJar | string | null): Promise<EventStreamClient> {
    const abort = new AbortController();
    const cookie: Record<string, string> = typeof session === 'string' ? { Cookie: session } : {};
    const init = { headers: { Accept: 'text/event-stream', ...cookie }, signal: abort.signal };
    const res = await (session && typeof session !== 'string' ? session.fetch(url, init) : fetch(url, init));
    return new EventStreamClient(res, abort);
  }

  /** The first event (already received or still to come) that `match` accepts, within `timeoutMs`. */
  async next(match: (e: ReceivedEvent) => boolean, timeoutMs = 10_000): Promise<ReceivedEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event in ${timeoutMs} ms: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, left);
        this.waiters.add(done);
      });
    }
  }

  close(): void {
    this.abort.abort();
  }

  private wake(): void {
    for (const done of [...this.waiters]) done();
  }

  private async read(): Promise<void> {
    const body = this.response.body;
    if (!body || !this.response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await this.response.arrayBuffer().catch(() => undefined);
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.dispatch(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by close(), or the connection dropped: the stream has ended either way.
    }
  }

  private dispatch(block: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === '') this.comments.push(value);
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    }
    if (data.length > 0) this.events.push({ event, data: data.join('\n'), receivedAt: Date.now() });
    this.wake();
  }
}
