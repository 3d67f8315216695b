import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signUp } from '../bff/src/testing/auth-helpers';
import { postProject, waitForFinish } from '../bff/src/testing/staging-helpers';
import { FREE_GENERATIONS_PER_MONTH } from '@shared/domain';
import { freePort } from '../e2e/support/server';
import { cannon as measure, type CannonResult } from './support/cannon';
import { startScript } from './support/processes';
import { startAppServer } from './support/resources';
import type { Bench, BenchRow } from './types';

const CONNECTIONS = 50;
const SECONDS = 5;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;

/** Every measurement of this bench: 50 connections for `seconds`. */
const cannon = (url: string, seconds: number, cookie?: string) =>
  measure(url, { connections: CONNECTIONS, seconds, ...(cookie ? { cookie } : {}) });

/** Requests per second over several rounds, and the worst p99 among them. */
function combine(results: CannonResult[]): { rps: number; p99: number } {
  const total = results.reduce((n, r) => n + r.requests.total, 0);
  const seconds = results.reduce((n, r) => n + r.duration, 0);
  return { rps: total / seconds, p99: Math.max(...results.map((r) => r.latency.p99)) };
}

/** Signed-in GET /api/projects on the real BFF against a bare Koa hello-world, both measured now. */
export const apiBench: Bench = {
  name: 'api',
  async run() {
    const server = await startAppServer({ LOG_LEVEL: 'error' });
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'stagely-bench-api-'));
    try {
      // A user with a full month of projects, finished, as a real list looks.
      const { jar, cookie } = await signUp(server.url);
      for (let i = 0; i < FREE_GENERATIONS_PER_MONTH; i++) {
        const res = await postProject(server.url, jar, { fields: { name: `Room ${i + 1}` } });
        const { id } = (await res.json()) as { id: string };
        await waitForFinish(server.url, jar, id, 60_000);
      }
      const apiUrl = `${server.url}/api/projects`;
      const body = await (await jar.fetch(apiUrl)).text();
      const payloadFile = path.join(tmp, 'projects.json');
      await writeFile(payloadFile, body);
      const helloPort = await freePort();
      const hello = await startScript('bench/support/hello-koa.ts', {
        PORT: String(helloPort),
        PAYLOAD_FILE: payloadFile,
      });
      const helloUrl = `http://127.0.0.1:${helloPort}/`;
      const payloadUrl = `http://127.0.0.1:${helloPort}/payload`;
      await cannon(helloUrl, 2);
      await cannon(apiUrl, 2, cookie);
      // Interleaved rounds (A B C C B A) so a change in the machine's load hits all alike.
      const h1 = await cannon(helloUrl, SECONDS);
      const p1 = await cannon(payloadUrl, SECONDS);
      const a1 = await cannon(apiUrl, SECONDS, cookie);
      const a2 = await cannon(apiUrl, SECONDS, cookie);
      const p2 = await cannon(payloadUrl, SECONDS);
      const h2 = await cannon(helloUrl, SECONDS);
      await hello.stop();
      const api = combine([a1, a2]);
      const bare = combine([h1, h2]);
      const sameJson = combine([p1, p2]);
      const ratio = api.rps / bare.rps;
      const count = (JSON.parse(body) as unknown[]).length;
      const how = `autocannon -c ${CONNECTIONS} -d ${SECONDS}, 2 rounds interleaved`;
      const rows: BenchRow[] = [
        {
          figure: `bare Koa hello-world (${how})`,
          value: `${bare.rps.toFixed(0)} req/s, p99 ${bare.p99} ms`,
          data: { rps: bare.rps, p99Ms: bare.p99 },
        },
        {
          figure: `GET /api/projects signed in, ${count} projects (${(body.length / 1024).toFixed(1)} KB JSON)`,
          value: `${api.rps.toFixed(0)} req/s`,
          data: { rps: api.rps, projects: count, autocannon: `${how}; -H Cookie=<session> ${apiUrl}` },
        },
        {
          figure: 'GET /api/projects / bare Koa, requests/s',
          value: `${ratio.toFixed(2)}x`,
          target: `>= ${TARGET_RATIO}x`,
          ok: ratio >= TARGET_RATIO,
          data: { ratio },
        },
        {
          figure: `GET /api/projects p99 latency at ${CONNECTIONS} connections`,
          value: `${api.p99} ms`,
          target: `<= ${TARGET_P99_MS} ms`,
          ok: api.p99 <= TARGET_P99_MS,
          data: { p99Ms: api.p99 },
        },
        {
          figure: 'for scale: bare Koa sending the same JSON, no session or store',
          value: `${sameJson.rps.toFixed(0)} req/s (${(sameJson.rps / bare.rps).toFixed(2)}x hello-world)`,
          data: { rps: sameJson.rps, p99Ms: sameJson.p99, ratio: sameJson.rps / bare.rps },
        },
      ];
      return rows;
    } finally {
      await server.stop();
      await rm(tmp, { recursive: true, force: true });
    }
  },
};
