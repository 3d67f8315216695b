import { UPLOAD_MESSAGES } from '@shared/domain';
import { badRequest, tooManyRequests } from '../http/errors';
import type { Upload } from './read-upload';

export const TOO_MANY_UPLOADS_MESSAGE =
  'You are already uploading several photos. Please wait until they have arrived, then try again.';
/** A photo upload of a few MB usually arrives within a couple of seconds. */
const RETRY_AFTER_SECONDS = 3;

const VISITOR_PREFIX = 'ip:';
/** A visitor's address is one owner for every intake (analysis and demo alike). */
export const visitorIntakeOwner = (ip: string) => `${VISITOR_PREFIX}${ip}`;

export interface IntakeGateLimits {
  /** Photos decoded at once in this process; later fully received ones wait their turn. */
  concurrent: number;
  /** Uploads one account (or one visitor's address) may have in flight, waiting ones included. */
  perOwner: number;
}

/** A visitor's intake (analysis, demo) may hold this many slots at most, keeping one for signed-in users. */
const visitorSlots = (concurrent: number) => Math.max(1, concurrent - 1);

interface Waiter {
  visitor: boolean;
  start: () => void;
}

/**
 * Bounds the CPU and memory that photo decoding takes: a slot is taken only once a body has fully arrived
 * (a slow client holds its own share, never a slot), signed-in uploads go before visitors' and visitors
 * never hold every slot; and one owner cannot have more than `perOwner` uploads in flight (429 instead).
 */
export class IntakeGate {
  private active = 0;
  private visitorsActive = 0;
  private readonly waiting: Waiter[] = [];
  private readonly perOwner = new Map<string, number>();

  constructor(private readonly limits: IntakeGateLimits) {}

  /** Runs `work` in a slot, counted in `owner`'s share. */
  run<T>(owner: string, work: () => Promise<T>): Promise<T> {
    return this.share(owner, () => this.inSlot(owner, work));
  }

  /**
   * Reads an upload (outside any slot, so a slow body stalls nobody else), then hands its photo and text
   * fields on in a slot; a request without a photo is a 400.
   */
  readPhoto<T>(
    owner: string,
    readBody: () => Promise<Upload>,
    use: (file: Buffer, fields: Record<string, string>) => Promise<T>,
  ): Promise<T> {
    return this.share(owner, async () => {
      const upload = await readBody();
      const file = upload.file;
      if (!file) throw badRequest(UPLOAD_MESSAGES.missingFile, 'missing_file');
      return this.inSlot(owner, () => use(file, upload.fields));
    });
  }

  private async share<T>(owner: string, work: () => Promise<T>): Promise<T> {
    const mine = this.perOwner.get(owner) ?? 0;
    if (mine >= this.limits.perOwner) throw tooManyRequests(TOO_MANY_UPLOADS_MESSAGE, RETRY_AFTER_SECONDS);
    this.perOwner.set(owner, mine + 1);
    try {
      return await work();
    } finally {
      const left = (this.perOwner.get(owner) ?? 1) - 1;
      if (left > 0) this.perOwner.set(owner, left);
      else this.perOwner.delete(owner);
    }
  }

  private async inSlot<T>(owner: string, work: () => Promise<T>): Promise<T> {
    const visitor = owner.startsWith(VISITOR_PREFIX);
    await new Promise<void>((start) => {
      this.waiting.push({ visitor, start });
      this.startWaiting();
    });
    try {
      return await work();
    } finally {
      this.active -= 1;
      if (visitor) this.visitorsActive -= 1;
      this.startWaiting();
    }
  }

  /** Fills free slots: signed-in uploads first, in order; visitors in order within their share. */
  private startWaiting(): void {
    while (this.active < this.limits.concurrent) {
      let i = this.waiting.findIndex((w) => !w.visitor);
      if (i < 0 && this.visitorsActive < visitorSlots(this.limits.concurrent)) i = 0;
      const next = i < 0 ? undefined : this.waiting.splice(i, 1)[0];
      if (!next) return;
      this.active += 1;
      if (next.visitor) this.visitorsActive += 1;
      next.start();
    }
  }
}
