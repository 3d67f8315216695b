import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnTs } from './testing/processes';

describe('start-up with a retired model', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-retired-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  // Transpiling the BFF's entry from source took past the project's 20 s on busy cores (a CI run failed on it).
  it('prints the replacement and exits non-zero, before opening anything', { timeout: 90_000 }, async () => {
    const server = spawnTs('bff/src/main.ts', {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      OPENAI_API_KEY: 'sk-unused',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      OPENAI_IMAGE_MODEL: 'gpt-image-1',
    });
    await server.exited;
    expect(server.child.exitCode).toBe(1);
    expect(server.lines.join('\n')).toContain(
      "OPENAI_IMAGE_MODEL: 'gpt-image-1' was retired by OpenAI on 2026-10-23; set OPENAI_IMAGE_MODEL=gpt-image-2.6-sunburst (its replacement)",
    );
    expect(server.lines.join('\n')).not.toMatch(/listening/);
  });
});
