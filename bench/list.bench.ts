import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NEXT_CURSOR_HEADER } from '@shared/api';
import { PROJECTS_PAGE_MAX } from '@shared/domain';
import { json } from '../bff/src/testing/auth-helpers';
import { CookieJar } from '../bff/src/testing/cookie-jar';
import { cannon, type CannonResult } from './support/cannon';
import { startAppServer } from './support/resources';
import { seedProjects } from './support/seed-projects';
import type { Bench, BenchRow } from './types';

const CONNECTIONS = 10;
const SECONDS = 5;
const WARM_UP_SECONDS = 2;
const SMALL = 100;
const LARGE = 2000;
/** How deep into the large list the "deep page" starts. */
const DEEP = 1900;
const TARGET_P99_MS = 50;
/** The first page at 2,000 projects against the same at 100: paging makes the list's size not matter. */
const TARGET_RATIO = 0.5;
const SEARCH = 'Harbor Rd';
const HOW = `autocannon -c ${CONNECTIONS} -d ${SECONDS}`;

interface Probe {
  label: string;
  query: string;
}

interface Measured {
  probe: Probe;
  result: CannonResult;
  bytes: number;
  count: number;
}

const format = (m: Measured) =>
  `${m.result.requests.average.toFixed(0)} req/s, p50 ${m.result.latency.p50} ms, p99 ${m.result.latency.p99} ms, ${(m.bytes / 1024).toFixed(1)} KB`;

/** Follows the next-page header until `depth` projects lie before the page; the query that reads it. */
async function deepQuery(base: string, jar: CookieJar, depth: number): Promise<string> {
  let before = '';
  for (let seen = 0; seen < depth; seen += PROJECTS_PAGE_MAX) {
    const res = await jar.fetch(`${base}/api/projects?limit=${PROJECTS_PAGE_MAX}${before}`);
    const next = res.headers.get(NEXT_CURSOR_HEADER);
    if (!next) throw new Error(`the list ended before ${depth} projects`);
    before = `&before=${next}`;
  }
  return before.slice(1);
}

/** Seeds one user with `projects`, starts the real BFF on that data and measures each probe in turn. */
async function measureList(
  projects: number,
  probes: (base: string, jar: CookieJar) => Promise<Probe[]>,
): Promise<{ measured: Measured[]; seedSeconds: number }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-bench-list-'));
  const seeded = await seedProjects({ dataDir, users: 1, projectsPerUser: projects });
  const server = await startAppServer({ LOG_LEVEL: 'error' }, dataDir);
  try {
    const jar = new CookieJar();
    const login = await jar.fetch(
      `${server.url}/api/auth/login`,
      json({ email: seeded.users[0]!.email, password: seeded.password }, { method: 'POST' }),
    );
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const measured: Measured[] = [];
    for (const probe of await probes(server.url, jar)) {
      const url = `${server.url}/api/projects${probe.query ? `?${probe.query}` : ''}`;
      const body = await (await jar.fetch(url)).text();
      const options = { connections: CONNECTIONS, cookie: jar.header() };
      await cannon(url, { ...options, seconds: WARM_UP_SECONDS });
      const result = await cannon(url, { ...options, seconds: SECONDS });
      measured.push({
        probe,
        result,
        bytes: Buffer.byteLength(body),
        count: (JSON.parse(body) as []).length,
      });
    }
    return { measured, seedSeconds: seeded.seconds };
  } finally {
    await server.stop();
  }
}

const row = (projects: number, m: Measured, extra: Partial<BenchRow> = {}): BenchRow => ({
  figure: `${m.probe.label} at ${projects.toLocaleString('en-US')} projects, ${m.count} per answer (-c ${CONNECTIONS})`,
  value: format(m),
  data: {
    projects,
    answered: m.count,
    rps: m.result.requests.average,
    p50Ms: m.result.latency.p50,
    p99Ms: m.result.latency.p99,
    bytes: m.bytes,
    query: m.probe.query,
    autocannon: HOW,
  },
  ...extra,
});

/** GET /api/projects (one page) for a user with 100 and with 2,000 projects, seeded through the store layer. */
export const listBench: Bench = {
  name: 'list',
  async run() {
    const firstPage: Probe = { label: 'first page', query: '' };
    const small = await measureList(SMALL, () => Promise.resolve([firstPage]));
    const large = await measureList(LARGE, async (base, jar) => [
      firstPage,
      {
        label: `a page ${DEEP.toLocaleString('en-US')} deep`,
        query: await deepQuery(base, jar, DEEP),
      },
      { label: `search by name ("${SEARCH}")`, query: `q=${encodeURIComponent(SEARCH)}` },
      { label: `largest page (limit=${PROJECTS_PAGE_MAX})`, query: `limit=${PROJECTS_PAGE_MAX}` },
    ]);
    const [smallFirst] = small.measured;
    const [largeFirst, ...others] = large.measured;
    if (!smallFirst || !largeFirst) throw new Error('nothing measured');
    const ratio = largeFirst.result.requests.average / smallFirst.result.requests.average;
    return [
      {
        figure: `seeding one user's ${LARGE.toLocaleString('en-US')} projects (with images) through the store layer`,
        value: `${large.seedSeconds.toFixed(1)} s`,
        data: { seconds: large.seedSeconds },
      },
      row(SMALL, smallFirst),
      row(LARGE, largeFirst, {
        target: `p99 <= ${TARGET_P99_MS} ms`,
        ok: largeFirst.result.latency.p99 <= TARGET_P99_MS,
      }),
      {
        figure: `first page, requests/s: at ${LARGE.toLocaleString('en-US')} projects / at ${SMALL}`,
        value: `${ratio.toFixed(2)}x`,
        target: `>= ${TARGET_RATIO}x`,
        ok: ratio >= TARGET_RATIO,
        data: { ratio },
      },
      ...others.map((m) => row(LARGE, m)),
    ];
  },
};
