import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createdApiKeySchema } from '@shared/api';
import { json, signUp } from '../../testing/auth-helpers';
import { makePhoto } from '../../testing/images';
import { useTestApp } from '../../testing/use-test-app';

const run = promisify(execFile);
const DOC = path.resolve(import.meta.dirname, '../../../../docs/api.md');

/** The shell example of docs/api.md, as a reader would copy it. */
async function docScript(): Promise<string> {
  const text = await readFile(DOC, 'utf8');
  const block = /```sh\n([\s\S]*?)```/.exec(text)?.[1];
  if (!block) throw new Error('docs/api.md has no sh block');
  return block;
}

describe("docs/api.md's curl example, run against a started server", () => {
  const t = useTestApp({ worker: true });

  it('stages a photo with a key, waits, shares and downloads the listing-ready JPEG for an MLS profile', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'stagely-doc-'));
    try {
      const { jar } = await signUp(t.url);
      const made = await jar.fetch(
        `${t.url}/api/user/api-keys`,
        json({ name: 'docs', scopes: ['staging', 'projects:read', 'handover'] }, { method: 'POST' }),
      );
      const { secret } = createdApiKeySchema.parse(await made.json());
      const script = path.join(dir, 'stage.sh');
      await writeFile(script, await docScript());
      const photo = path.join(dir, 'room.jpg');
      await writeFile(photo, await makePhoto({ width: 800, height: 600 }));

      const { stdout } = await run('sh', [script], {
        env: { PATH: process.env.PATH, STAGELY_URL: t.url, STAGELY_KEY: secret, PHOTO: photo, OUT_DIR: dir },
        timeout: 120_000,
      });
      const file = stdout.trim();
      expect(file).toBe(path.join(dir, 'listing-ready.jpg'));
      const meta = await sharp(await readFile(file)).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBeGreaterThan(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
