import sharp from 'sharp';
import { ROOM_TYPES, ROOM_TYPE_LABELS, type ProjectStatus } from '@shared/domain';
import { hashPassword } from '../../bff/src/modules/auth/password';
import {
  createRepositories,
  openStore,
  projectBlobKeys,
  type ProjectDoc,
  type Store,
} from '../../bff/src/store';

export interface SeedOptions {
  /** The DATA_DIR a server (or a store test) then opens; no server may have it open while seeding. */
  dataDir: string;
  users: number;
  projectsPerUser: number;
  /** Every seeded user's password (hashed once, so 1,000 users cost one hash). */
  password?: string;
  /** Each user's newest N projects are left pending and due, as queued jobs (the rest are completed). */
  pendingPerUser?: number;
  /** False skips the images (faster, but a thumbnail or a download then answers 404). */
  blobs?: boolean;
  /** The newest project's creation time; each older one is a minute before the next. */
  newest?: Date;
  /** Progress lines go here (e.g. `process.stderr.write`). */
  log?: (line: string) => void;
}

export interface SeededUser {
  id: string;
  email: string;
}

export interface SeedResult {
  users: SeededUser[];
  password: string;
  projects: number;
  seconds: number;
}

export const SEED_PASSWORD = 'seeded rooms 42';
export const seedEmail = (user: number) => `seed-${user}@example.com`;
/** Names as agents give them: room and address, so a search by name finds a few of many. */
const STREETS = ['Elm St', 'Harbor Rd', 'Maple Ave', 'Cedar Ln', 'Oak Ct', 'Bay View', 'Hill Dr', 'Park Pl'];
const projectName = (n: number) =>
  `${ROOM_TYPE_LABELS[ROOM_TYPES[n % ROOM_TYPES.length]!]} - ${100 + (n % 97)} ${STREETS[n % STREETS.length]}`;
/** Store writes in flight at once: NeDB queues them anyway, the image files go in parallel. */
const CONCURRENCY = 32;

/** A few hundred bytes of real JPEG, so thumbnails and downloads of seeded projects still decode. */
const tinyJpeg = () =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: { r: 190, g: 170, b: 150 } } })
    .jpeg({ quality: 60 })
    .toBuffer();

function projectDoc(
  id: string,
  ownerId: string,
  n: number,
  createdAt: Date,
  status: ProjectStatus,
): ProjectDoc {
  const keys = projectBlobKeys(id);
  const done = status === 'completed';
  const roomType = ROOM_TYPES[n % ROOM_TYPES.length]!;
  return {
    _id: id,
    ownerId,
    name: projectName(n),
    status,
    progress: done ? 100 : 0,
    error: null,
    stagingMode: 'stage',
    roomType,
    stylePreset: 'modern',
    colorPalette: null,
    customPrompt: null,
    engine: 'preview',
    images: { original: keys.original, thumb: keys.thumb, staged: done ? [keys.staged(0)] : [] },
    width: 16,
    height: 12,
    // No credit to refund: seeded projects are not counted in any month's usage.
    creditMonth: null,
    attempts: done ? 1 : 0,
    leaseUntil: null,
    workerId: null,
    nextAttemptAt: done ? null : createdAt,
    createdAt,
    updatedAt: createdAt,
    completedAt: done ? createdAt : null,
  };
}

async function seedOne(store: Store, doc: ProjectDoc, image: Buffer | null): Promise<void> {
  if (image) {
    const keys = [doc.images.original, doc.images.thumb, ...doc.images.staged];
    await Promise.all(keys.map((key) => store.blobs.put(key, image, 'image/jpeg')));
  }
  // An unfinished project is queued, as the repository's insert does.
  if (doc.status === 'pending')
    await store.collections.jobs.insertOne({
      _id: doc._id,
      status: 'pending',
      nextAttemptAt: doc.createdAt,
      leaseUntil: null,
      workerId: null,
      createdAt: doc.createdAt,
      priority: 'free',
      rankAt: doc.createdAt,
    });
  await store.collections.projects.insertOne(doc);
}

/**
 * Seeds `users` accounts (`seed-<n>@example.com`, one password) with `projectsPerUser` projects each,
 * through the store layer into `dataDir`: the users by their repository, the finished projects as the
 * worker leaves them, with tiny images. Projects of all users interleave in time, newest first.
 */
export async function seedProjects(options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const password = options.password ?? SEED_PASSWORD;
  const newest = (options.newest ?? new Date()).getTime();
  const store = await openStore({ dataDir: options.dataDir });
  try {
    const repos = createRepositories(store);
    const { hash, salt } = await hashPassword(password);
    const users: SeededUser[] = [];
    for (let u = 0; u < options.users; u++) {
      const user = await repos.users.create({
        email: seedEmail(u),
        username: `seed-${u}`,
        firstName: 'Seed',
        lastName: String(u),
        passwordHash: hash,
        passwordSalt: salt,
      });
      users.push({ id: user._id, email: user.email });
    }
    const image = options.blobs === false ? null : await tinyJpeg();
    const total = options.users * options.projectsPerUser;
    const pending = options.pendingPerUser ?? 0;
    let written = 0;
    for (let start = 0; start < total; start += CONCURRENCY) {
      const batch: Promise<void>[] = [];
      for (let n = start; n < Math.min(total, start + CONCURRENCY); n++) {
        // n counts from the newest: user n % users, that user's (n / users)th newest project.
        const user = users[n % options.users]!;
        const rank = Math.floor(n / options.users);
        const status: ProjectStatus = rank < pending ? 'pending' : 'completed';
        const doc = projectDoc(crypto.randomUUID(), user.id, n, new Date(newest - n * 60_000), status);
        batch.push(seedOne(store, doc, image));
      }
      await Promise.all(batch);
      written += batch.length;
      if (options.log && (written % 10_000 < CONCURRENCY || written === total))
        options.log(`seeded ${written} of ${total} projects\n`);
    }
    return { users, password, projects: total, seconds: (performance.now() - started) / 1000 };
  } finally {
    await store.close();
  }
}
