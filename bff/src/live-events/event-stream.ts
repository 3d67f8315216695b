import { PassThrough } from 'node:stream';

/** A slow reader that stops reading would make the buffer grow without end: past this it is dropped. */
const MAX_BUFFERED_BYTES = 64 * 1024;

/**
 * One open `text/event-stream` answer: `body` is what Koa pipes to the client. `onClose` runs once, when
 * the client goes (Koa destroys the body), the server ends it, or the reader fell too far behind.
 */
export class EventStream {
  readonly body = new PassThrough();
  private closed = false;

  constructor(
    readonly ownerId: string,
    /** The session it was opened with: when that session ends, so does the stream. */
    readonly sessionId: string | null,
    retryMs: number,
    onClose: (stream: EventStream) => void,
  ) {
    this.body.once('close', () => {
      this.closed = true;
      onClose(this);
    });
    // Written at once, so the headers go out now and the browser knows how long to wait before reconnecting.
    this.write(`retry: ${retryMs}\n: connected\n\n`);
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  send(event: string, data: unknown): void {
    this.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** A comment line: browsers ignore it, but it keeps proxies and NATs from closing an idle connection. */
  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  /** Ends the answer once what was written has gone out (the browser then reconnects, after `retry`). */
  close(): void {
    if (!this.closed) this.body.end();
    this.closed = true;
  }

  private write(chunk: string): void {
    if (this.closed) return;
    // Ending would wait for a reader that does not read: cut it off instead.
    if (this.body.writableLength > MAX_BUFFERED_BYTES) this.body.destroy();
    else this.body.write(chunk);
  }
}
