import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Project } from '@shared/api';
import { currentUsageMonth } from '@shared/domain';
import { signUp } from '../../testing/auth-helpers';
import { postProject, waitForFinish } from '../../testing/staging-helpers';
import { startWorker } from '../../jobs';
import { TEST_WORKER_TUNING } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';

/** Cuts the last `bytes` off a stored blob file, as a full disk or a bad sector would. */
async function truncateBlob(dataDir: string, key: string, bytes: number): Promise<void> {
  const file = path.join(dataDir, 'blobs', key);
  const raw = await readFile(file);
  await writeFile(file, raw.subarray(0, raw.length - bytes));
}

describe('damaged image files', () => {
  const t = useTestApp();
  const withWorker = async (use: () => Promise<void>) => {
    const worker = startWorker(t.deps, TEST_WORKER_TUNING);
    try {
      await use();
    } finally {
      await worker.stop();
    }
  };

  it('are answered with a sentence, never served as a 200, and the server keeps serving', async () => {
    const { jar } = await signUp(t.url);
    const created = (await (await postProject(t.url, jar)).json()) as Project;
    await withWorker(() => waitForFinish(t.url, jar, created.id).then(() => undefined));
    await truncateBlob(t.deps.config.dataDir, `projects/${created.id}/staged-0.jpg`, 500);

    for (const url of [`/api/projects/${created.id}/images/staged`, `/api/projects/${created.id}/download`]) {
      const res = await jar.fetch(`${t.url}${url}`);
      expect(res.status, url).toBe(500);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({
        error: 'damaged_image',
        message: 'This image is damaged on the server and cannot be shown. Please upload the photo again.',
      });
    }
    expect((await jar.fetch(`${t.url}/api/projects/${created.id}/images/original`)).status).toBe(200);
  });

  it('fail a staging whose original is damaged with a sentence, and return the credit', async () => {
    const { jar, user } = await signUp(t.url);
    const created = (await (await postProject(t.url, jar)).json()) as Project;
    await truncateBlob(t.deps.config.dataDir, `projects/${created.id}/original.jpg`, 10);
    expect(await t.deps.repos.usage.getUsed(user.id, currentUsageMonth())).toBe(1);
    await withWorker(async () => {
      const { project } = await waitForFinish(t.url, jar, created.id);
      expect(project.status).toBe('failed');
      expect(project.error).toBe(
        'The uploaded photo was damaged on the server. Please upload it again. Your credit was returned.',
      );
    });
    expect(await t.deps.repos.usage.getUsed(user.id, currentUsageMonth())).toBe(0);
  });
});
