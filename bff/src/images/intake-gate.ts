import { UPLOAD_MESSAGES } from '@shared/domain';
import { badRequest, tooManyRequests } from '../http/errors';
import type { Upload } from './read-upload';

export const TOO_MANY_UPLOADS_MESSAGE =
  'You are already uploading several photos. Please wait until they have arrived, then try again.';
/** A photo upload of a few MB usually arrives within a couple of seconds. */
const RETRY_AFTER_SECONDS = 3;

/** A visitor's address is one owner for every intake (analysis and demo alike). */
export const visitorIntakeOwner = (ip: string) => `ip:${ip}`;

export interface IntakeGateLimits {
  /** Uploads read and decoded at once in this process; later ones wait, unread (the socket holds them). */
  concurrent: number;
  /** Uploads one account (or one visitor's address) may have in flight, waiting ones included. */
  perOwner: number;
}

/**
 * Bounds the memory and CPU that photo intake takes: an upload's body is read and decoded only inside
 * a slot, and one owner cannot queue more than `perOwner` (429 with Retry-After instead).
 */
export class IntakeGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly perOwner = new Map<string, number>();

  constructor(private readonly limits: IntakeGateLimits) {}

  async run<T>(owner: string, work: () => Promise<T>): Promise<T> {
    const mine = this.perOwner.get(owner) ?? 0;
    if (mine >= this.limits.perOwner) throw tooManyRequests(TOO_MANY_UPLOADS_MESSAGE, RETRY_AFTER_SECONDS);
    this.perOwner.set(owner, mine + 1);
    try {
      await this.acquire();
      try {
        return await work();
      } finally {
        this.release();
      }
    } finally {
      const left = (this.perOwner.get(owner) ?? 1) - 1;
      if (left > 0) this.perOwner.set(owner, left);
      else this.perOwner.delete(owner);
    }
  }

  /** Reads an upload in a slot and hands on its photo and text fields; a request without a photo is a 400. */
  readPhoto<T>(
    owner: string,
    readBody: () => Promise<Upload>,
    use: (file: Buffer, fields: Record<string, string>) => Promise<T>,
  ): Promise<T> {
    return this.run(owner, async () => {
      const upload = await readBody();
      if (!upload.file) throw badRequest(UPLOAD_MESSAGES.missingFile, 'missing_file');
      return use(upload.file, upload.fields);
    });
  }

  private acquire(): Promise<void> {
    if (this.active < this.limits.concurrent) {
      this.active += 1;
      return Promise.resolve();
    }
    // The slot passes straight from the releasing upload to the next, so `active` stays counted.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}
