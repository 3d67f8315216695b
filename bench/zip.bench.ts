import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { propertySchema } from '@shared/api';
import { ROOM_TYPES } from '@shared/domain';
import { hashPassword } from '../bff/src/modules/auth/password';
import { json } from '../bff/src/testing/auth-helpers';
import { CookieJar } from '../bff/src/testing/cookie-jar';
import { stageRoomDirectly } from '../bff/src/testing/property-helpers';
import { addRooms } from '../bff/src/testing/property-rooms';
import { createRepositories, openStore, type Store } from '../bff/src/store';
import { makeTwelveMegapixelPhoto } from './intake.bench';
import { cpuMs } from './support/cpu';
import { startAppServer } from './support/resources';
import { mb, peakDuring, rssBytes } from './support/rss';
import type { Bench, BenchRow } from './types';

const ROOMS = 15;
const EMAIL = 'zip-bench@example.com';
const PASSWORD = 'zip bench 42';
const RSS_GROWTH_TARGET_MB = 50;
const TIME_TARGET_RATIO = 2;

/** Repeats are timed this many times and the median taken: one run is at the mercy of a busy machine. */
const REPEATS = 3;

const median = <T extends { ms: number }>(runs: T[]): T =>
  [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;

interface Seeded {
  propertyId: string;
  /** A one-room property downloaded first, so one-time start-up costs (fonts for the label) are not counted. */
  warmUpId: string;
  /** Every blob the ZIP reads: each room's original and staged photo. */
  keys: string[];
}

/** A user with a property of 15 staged rooms (camera photos as intake stores them) and a one-room one. */
async function seed(dataDir: string): Promise<Seeded> {
  const store = await openStore({ dataDir });
  try {
    const repos = createRepositories(store);
    const deps = { repos, store };
    const { hash, salt } = await hashPassword(PASSWORD);
    const user = await repos.users.create({
      email: EMAIL,
      username: 'zip-bench',
      firstName: 'Zip',
      lastName: 'Bench',
      passwordHash: hash,
      passwordSalt: salt,
    });
    const photo = await makeTwelveMegapixelPhoto();
    const property = async (name: string, roomCount: number) => {
      const made = await repos.properties.create({
        _id: crypto.randomUUID(),
        ownerId: user._id,
        name,
        listingNumber: null,
        notes: null,
      });
      if (!made) throw new Error('property not made');
      const id = made.property._id;
      const seeds = Array.from({ length: roomCount }, (_, i) => ({
        roomType: ROOM_TYPES[i % ROOM_TYPES.length]!,
        photo,
      }));
      const keys: string[] = [];
      for (const room of await addRooms(deps, user._id, id, seeds)) {
        // A provider's result, labelled as is (the preview engine's ribbon would move the label).
        const project = await stageRoomDirectly({ deps }, user._id, id, room._id, 'openai');
        keys.push(room.images.original, ...project.images.staged);
      }
      return { id, keys };
    };
    const warmUp = await property('1 Warm-up Ln', 1);
    const { id, keys } = await property('15 Harbor Rd', ROOMS);
    return { propertyId: id, warmUpId: warmUp.id, keys };
  } finally {
    await store.close();
  }
}

/** Reads every blob the ZIP holds, one after another, as the ZIP does; milliseconds, and CPU ms spent. */
async function readBlobs(
  dataDir: string,
  keys: string[],
): Promise<{ ms: number; bytes: number; cpuMs: number }> {
  const store: Store = await openStore({ dataDir });
  try {
    const started = performance.now();
    const cpu = process.cpuUsage();
    let bytes = 0;
    for (const key of keys) bytes += (await store.blobs.get(key))?.size ?? 0;
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - started, bytes, cpuMs: (used.user + used.system) / 1000 };
  } finally {
    await store.close();
  }
}

/** Downloads the ZIP to the end; its size in bytes and the time to the last byte. */
async function download(url: string, jar: CookieJar): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await jar.fetch(url);
  if (res.status !== 200 || !res.body) throw new Error(`download: ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  let bytes = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
  return { ms: performance.now() - started, bytes };
}

/** The owner's URLs of every room's original and staged photo, as the property screen shows them. */
async function roomPhotoUrls(base: string, jar: CookieJar, propertyId: string): Promise<string[]> {
  const property = propertySchema.parse(
    await (await jar.fetch(`${base}/api/properties/${propertyId}`)).json(),
  );
  return property.rooms.flatMap((room) => [
    `${base}${room.originalImageUrl}`,
    `${base}${room.project?.stagedImageUrl ?? ''}`,
  ]);
}

/** Downloads each URL to the end, one after another. */
async function downloadEach(urls: string[], jar: CookieJar): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  let bytes = 0;
  for (const url of urls) {
    const res = await jar.fetch(url);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    bytes += (await res.arrayBuffer()).byteLength;
  }
  return { ms: performance.now() - started, bytes };
}

/**
 * One property of 15 staged rooms downloaded as a ZIP (listing-ready photos, originals, disclosure) from
 * the real server: its RSS growth while streaming, and the time against reading the same blobs alone.
 */
export const zipBench: Bench = {
  name: 'zip',
  async run() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-zip-bench-'));
    const { propertyId, warmUpId, keys } = await seed(dataDir);
    // Read before the server opens the store (one process at a time); the files are now in the page cache.
    const readRuns = [];
    for (let i = 0; i < REPEATS; i++) readRuns.push(await readBlobs(dataDir, keys));
    const reads = median(readRuns);
    const server = await startAppServer({ WORKER_ENABLED: 'false', LOG_LEVEL: 'error' }, dataDir);
    const jar = new CookieJar();
    const login = await jar.fetch(
      `${server.url}/api/auth/login`,
      json({ email: EMAIL, password: PASSWORD }, { method: 'POST' }),
    );
    if (login.status !== 200) throw new Error(`login: ${login.status}`);
    for (const id of [warmUpId, propertyId]) {
      const share = await jar.fetch(`${server.url}/api/properties/${id}/share`, { method: 'POST' });
      if (share.status >= 300) throw new Error(`share: ${share.status} ${await share.text()}`);
    }
    const downloadUrl = (id: string) => `${server.url}/api/properties/${id}/download`;
    const url = downloadUrl(propertyId);
    await download(downloadUrl(warmUpId), jar);
    const photoUrls = await roomPhotoUrls(server.url, jar, propertyId);
    const httpRuns = [];
    for (let i = 0; i < REPEATS; i++) httpRuns.push(await downloadEach(photoUrls, jar));
    const viaHttp = median(httpRuns);

    // First download: every listing photo is rendered (and kept); the repeat reads them back.
    const measure = async () => {
      await new Promise((r) => setTimeout(r, 1000));
      const idle = await rssBytes(server.pid);
      let zip = { ms: 0, bytes: 0 };
      const cpuBefore = await cpuMs(server.pid);
      const peak = await peakDuring(server.pid, async () => {
        zip = await download(url, jar);
      });
      const cpu = (await cpuMs(server.pid)) - cpuBefore;
      return { ...zip, idle, growth: mb(peak - idle), cpu };
    };
    const first = await measure();
    const repeats = [];
    for (let i = 0; i < REPEATS; i++) repeats.push(await measure());
    const repeat = median(repeats);
    await server.stop();

    const ratio = repeat.ms / reads.ms;
    const repeatCpu = median(repeats.map((r) => ({ ms: r.cpu }))).ms;
    const growth = Math.max(first.growth, ...repeats.map((r) => r.growth));
    const rows: BenchRow[] = [
      {
        figure: `ZIP of ${ROOMS} staged rooms (${mb(repeat.bytes).toFixed(1)} MB): first / repeat download`,
        value: `${(first.ms / 1000).toFixed(2)} s / ${(repeat.ms / 1000).toFixed(2)} s`,
        data: { zipBytes: repeat.bytes, firstMs: first.ms, repeatMs: repeat.ms },
      },
      {
        figure: `reading its ${keys.length} blobs one after another (${mb(reads.bytes).toFixed(1)} MB)`,
        value: `${reads.ms.toFixed(0)} ms`,
        data: { readMs: reads.ms, readBytes: reads.bytes },
      },
      {
        figure: 'repeat ZIP time / reading the blobs (first: listing photos rendered)',
        value: `${ratio.toFixed(2)}x (first ${(first.ms / reads.ms).toFixed(1)}x)`,
        target: `< ${TIME_TARGET_RATIO}x`,
        ok: ratio < TIME_TARGET_RATIO,
      },
      {
        figure: `repeat ZIP time / downloading its ${keys.length} photos one by one from the server`,
        value: `${(repeat.ms / viaHttp.ms).toFixed(2)}x (${viaHttp.ms.toFixed(0)} ms)`,
        data: { httpMs: viaHttp.ms, httpBytes: viaHttp.bytes },
      },
      {
        figure: 'server CPU (user + sys) per ZIP: first / repeat download (median) / reading the blobs',
        value: `${first.cpu.toFixed(0)} / ${repeatCpu.toFixed(0)} / ${reads.cpuMs.toFixed(0)} ms`,
        data: { firstCpuMs: first.cpu, repeatCpuMs: repeatCpu, readCpuMs: reads.cpuMs },
      },
      {
        figure: 'server RSS growth while streaming: first / repeat download (highest)',
        value: `${first.growth.toFixed(0)} / ${Math.max(...repeats.map((r) => r.growth)).toFixed(0)} MB (idle ${mb(first.idle).toFixed(0)} MB)`,
        target: `< ${RSS_GROWTH_TARGET_MB} MB`,
        ok: growth < RSS_GROWTH_TARGET_MB,
        data: { firstGrowthMb: first.growth, repeatGrowthMb: repeat.growth, idleMb: mb(first.idle) },
      },
    ];
    return rows;
  },
};
