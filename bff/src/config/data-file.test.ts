import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { compileBff, type CompiledBff } from '../testing/processes';

let bff: CompiledBff;
beforeAll(async () => {
  bff = await compileBff();
}, 60_000);
afterAll(() => bff.remove());

/** Starts the real server on a DATA_DIR prepared by `prepare`; returns what it said and its exit code. */
async function startWith(prepare: (dataDir: string) => Promise<void>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-datafile-'));
  try {
    await prepare(dataDir);
    const server = bff.spawn('main', {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1:1',
      WORKER_ENABLED: 'false',
      LOG_LEVEL: 'warn',
    });
    await server.exited;
    return { said: server.lines.join('\n'), code: server.child.exitCode };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A data file, what it holds (null: a folder in its place), and the sentence start-up stops with. */
const CASES: [string, string | null, RegExp][] = [
  ['session-keys.json', '{not json', /session-keys\.json is damaged \(not valid JSON\).*SESSION_KEYS/],
  ['session-keys.json', '{"a":1}', /session-keys\.json is not a list of session keys.*SESSION_KEYS/],
  ['vapid.json', '[oops', /vapid\.json is damaged \(not valid JSON\).*VAPID_PUBLIC_KEY/],
  ['vapid.json', '{"publicKey":1}', /vapid\.json is not a VAPID key pair.*VAPID_PUBLIC_KEY/],
  ['session-keys.json', null, /session-keys\.json is a folder where a data file belongs/],
  ['vapid.json', null, /vapid\.json is a folder where a data file belongs/],
  ['db/users.db', null, /users\.db is a folder where a data file belongs/],
];

describe('a damaged or misplaced data file stops start-up with a sentence, not a stack trace', () => {
  // Each case is its own server process on its own folder, so they run side by side (vitest's maxConcurrency, 5).
  it.concurrent.for(CASES)('%s (%s)', { timeout: 60_000 }, async ([name, content, sentence], { expect }) => {
    const { said, code } = await startWith(async (dataDir) => {
      const file = path.join(dataDir, name);
      await mkdir(path.dirname(file), { recursive: true });
      if (content === null) await mkdir(file);
      else await writeFile(file, content);
    });
    expect(code).toBe(1);
    expect(said).toMatch(sentence);
    expect(said).not.toMatch(/^\s+at /m);
  });
});
