import { UPLOAD_MESSAGES } from '@shared/domain';
import { badRequest, tooManyRequests } from '../../http/errors';
import type { Upload } from './read-upload';

export const TOO_MANY_UPLOADS_MESSAGE =
  'You are already uploading several photos. Please wait until they have arrived, then try again.';
/** A photo upload of a few MB usually arrives within a couple of seconds. */
const RETRY_AFTER_SECONDS = 3;

const VISITOR_PREFIX = 'ip:';
/** A visitor's address is one owner for every intake (analysis and demo alike). */
export const visitorIntakeOwner = (ip: string) => `${VISITOR_PREFIX}${ip}`;
const isVisitor = (owner: string) => owner.startsWith(VISITOR_PREFIX);

export interface IntakeGateLimits {
  /** Photos decoded at once in this process; later fully received ones wait their turn. */
  concurrent: number;
  /** Uploads one account (or one visitor's address) may have in flight, waiting ones included. */
  perOwner: number;
}

/** Bodies read at once per decoding slot: enough to keep decoding busy, few enough to bound memory. */
const READS_PER_SLOT = 4;

interface Waiter {
  owner: string;
  visitor: boolean;
  start: () => void;
}

/**
 * A fixed number of slots: signed-in work goes before visitors' (analysis, demo), and visitors never hold
 * more than `visitorShare` of them, so some are always left for signed-in users. With `onePerOwner`, an
 * owner holds at most one slot at a time and the others take turns first (round robin): a few accounts
 * trickling bodies cannot fill every slot.
 */
class SlotPool {
  private active = 0;
  private visitorsActive = 0;
  private readonly waiting: Waiter[] = [];
  private readonly visitorMax: number;
  private readonly owners = new Set<string>();

  constructor(
    private readonly size: number,
    private readonly onePerOwner = false,
  ) {
    this.visitorMax = Math.max(1, size - Math.max(1, Math.floor(size / 2)));
  }

  async run<T>(owner: string, work: () => Promise<T>): Promise<T> {
    const visitor = isVisitor(owner);
    await new Promise<void>((start) => {
      this.waiting.push({ owner, visitor, start });
      this.startWaiting();
    });
    try {
      return await work();
    } finally {
      this.active -= 1;
      if (visitor) this.visitorsActive -= 1;
      this.owners.delete(owner);
      this.startWaiting();
    }
  }

  private free(w: Waiter): boolean {
    return !this.onePerOwner || !this.owners.has(w.owner);
  }

  private startWaiting(): void {
    while (this.active < this.size) {
      let i = this.waiting.findIndex((w) => !w.visitor && this.free(w));
      if (i < 0 && this.visitorsActive < this.visitorMax) i = this.waiting.findIndex((w) => this.free(w));
      const next = i < 0 ? undefined : this.waiting.splice(i, 1)[0];
      if (!next) return;
      this.active += 1;
      if (next.visitor) this.visitorsActive += 1;
      if (this.onePerOwner) this.owners.add(next.owner);
      next.start();
    }
  }
}

/**
 * Bounds the CPU and memory that photo intake takes. A body is read in one of a few reading slots, one per
 * owner at a time (a slow one is cut off by readUpload's pace rule and its cap on the read time), kept
 * there until it is decoded in a decoding slot taken only once it has fully arrived; in both, signed-in uploads go first and visitors never hold every slot. One owner cannot have
 * more than `perOwner` uploads in flight (429 instead).
 */
export class IntakeGate {
  private readonly reading: SlotPool;
  private readonly decoding: SlotPool;
  private readonly perOwner = new Map<string, number>();

  constructor(private readonly limits: IntakeGateLimits) {
    this.reading = new SlotPool(limits.concurrent * READS_PER_SLOT, true);
    this.decoding = new SlotPool(limits.concurrent);
  }

  /** Runs `work` in a decoding slot, counted in `owner`'s share. */
  run<T>(owner: string, work: () => Promise<T>): Promise<T> {
    return this.share(owner, () => this.decoding.run(owner, work));
  }

  /**
   * Reads an upload in a reading slot, then hands its photo and text fields on in a decoding slot; a
   * request without a photo is a 400.
   */
  readPhoto<T>(
    owner: string,
    readBody: () => Promise<Upload>,
    use: (file: Buffer, fields: Record<string, string>) => Promise<T>,
  ): Promise<T> {
    return this.share(owner, async () => {
      let decoded: Promise<T> | undefined;
      await this.reading.run(owner, async () => {
        const upload = await readBody();
        const file = upload.file;
        if (!file) throw badRequest(UPLOAD_MESSAGES.missingFile, 'missing_file');
        // A body read keeps its reading slot until a decoding slot takes it: the bodies held in memory
        // are bounded by the reading slots, however many arrive while decoding is busy.
        await new Promise<void>((started) => {
          decoded = this.decoding.run(owner, () => {
            started();
            return use(file, upload.fields);
          });
          // Its outcome is awaited below, once the reading slot is given back.
          decoded.catch(() => undefined);
        });
      });
      return decoded!;
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
}
