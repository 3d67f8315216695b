/**
 * Opens a seeded embedded store in a process of its own (so its memory is the store's) and prints one
 * JSON line: open time, RSS, the queue claim, a progress write, the demo sweep's query, an owner's first
 * page, and a compaction of the projects file with the longest event-loop stall while it ran.
 */
import { performance } from 'node:perf_hooks';
import type { NedbCollection } from '../../bff/src/store/nedb/nedb-collection';
import { createRepositories, openStore, type ProjectDoc } from '../../bff/src/store';

const dataDir = process.argv[2]!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
async function timed(fn: () => Promise<unknown>, runs = 25): Promise<number> {
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  return median(xs);
}

const t0 = performance.now();
const store = await openStore({ dataDir });
const openMs = performance.now() - t0;
const rssMb = process.memoryUsage().rss / 1048576;
const repos = createRepositories(store);
const claimEmptyMs = await timed(() => repos.projects.claimNext('probe', new Date(0), 60_000));
const [sample] = await store.collections.projects.find({}, { limit: 1 });
const owner = sample!.ownerId!;
// A due job among all the finished projects: claimed, then handed back, each round.
const s = sample!;
const job = await repos.projects.insert({
  ownerId: owner,
  name: 'probe job',
  stagingMode: s.stagingMode,
  roomType: s.roomType,
  stylePreset: s.stylePreset,
  colorPalette: s.colorPalette,
  customPrompt: null,
  engine: s.engine,
  images: s.images,
  width: s.width,
  height: s.height,
  creditMonth: null,
});
const claimDueMs = await timed(async () => {
  await repos.projects.claimNext('probe', new Date(Date.now() + 1000), 60_000);
  await repos.projects.retryLater(job._id, 'probe', new Date(0), 'probe');
});
const updateMs = await timed(() =>
  store.collections.projects.updateOne({ _id: sample!._id }, { $set: { updatedAt: new Date() } }),
);
const sweepMs = await timed(() => repos.projects.findExpiredDemos(new Date()), 9);
const pageMs = await timed(() => repos.projects.pageForOwner(owner, { limit: 21 }));

let longestStall = 0;
let last = performance.now();
let ticking = true;
const tick = () => {
  const now = performance.now();
  longestStall = Math.max(longestStall, now - last);
  last = now;
  if (ticking) setTimeout(tick, 1);
};
tick();
const c0 = performance.now();
await (store.collections.projects as unknown as NedbCollection<ProjectDoc>).compact();
const compactMs = performance.now() - c0;
ticking = false;
await store.close();
process.stdout.write(
  `${JSON.stringify({ openMs, rssMb, claimEmptyMs, claimDueMs, updateMs, sweepMs, pageMs, compactMs, longestStall })}\n`,
);
process.exit(0);
