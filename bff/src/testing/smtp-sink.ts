import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mime';

export interface ReceivedMail extends ParsedMail {
  /** The SMTP envelope's recipients. */
  rcptTo: string[];
  raw: string;
}

/**
 * A loopback SMTP server that keeps what it receives. `mode` changes how it answers from the next
 * connection on: 'accept', 'refuse' (451 to every sender) or 'hang' (never greets, so the client times out).
 */
export class SmtpSink {
  private static readonly listening = new Map<string, SmtpSink>();
  /** The sink listening at an SMTP_URL, so a helper that knows a server's configuration can read its mail. */
  static at(url: string): SmtpSink | undefined {
    return SmtpSink.listening.get(url);
  }
  mode: 'accept' | 'refuse' | 'hang' = 'accept';
  readonly received: ReceivedMail[] = [];
  /** Connections seen, accepted or not (each is one delivery attempt). */
  connections = 0;
  private readonly waiters = new Set<() => void>();
  private readonly server = new SMTPServer({
    logger: false,
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust, so no STARTTLS on offer.
    disabledCommands: ['STARTTLS', 'AUTH'],
    closeTimeout: 200,
    onConnect: (_session, callback) => {
      this.connections += 1;
      if (this.mode !== 'hang') callback();
    },
    onMailFrom: (_address, _session, callback) => {
      if (this.mode === 'refuse') {
        const err = Object.assign(new Error('Service temporarily unavailable'), { responseCode: 451 });
        callback(err);
      } else callback();
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        this.received.push({ ...parseMail(raw), rcptTo: session.envelope.rcptTo.map((r) => r.address), raw });
        for (const wake of this.waiters) wake();
        callback();
      });
    },
  });

  async listen(port = 0): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    SmtpSink.listening.set(this.url, this);
    return this;
  }

  get port(): number {
    return (this.server.server.address() as AddressInfo).port;
  }

  /** SMTP_URL for the app. */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Every mail received so far to `address` (envelope recipient). */
  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.rcptTo.includes(address.toLowerCase()));
  }

  /** Resolves with the first received mail that matches, waiting for it up to `timeoutMs`. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.received.find(match);
        if (!found) return false;
        cleanup();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`No matching mail within ${timeoutMs} ms (received ${this.received.length})`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
      };
      const wake = () => void check();
      if (!check()) this.waiters.add(wake);
    });
  }

  close(): Promise<void> {
    SmtpSink.listening.delete(this.url);
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
