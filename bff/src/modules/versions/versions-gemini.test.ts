import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@shared/api';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { FakeGemini, geminiImages, geminiText } from '../../testing/fake-gemini';
import { makePhoto } from '../../testing/images';
import { bytesOf, postProject, waitForFinish } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';
import {
  MIDDLE_STROKE,
  differingPixels,
  nearStroke,
  postEdit,
  waitForEdit,
  EDIT_WORKER_TUNING,
} from '../../testing/version-helpers';

describe('edits through @google/genai (loopback Gemini): no mask, the prompt names the region', () => {
  const fake = new FakeGemini();
  beforeAll(() => fake.listen());
  afterAll(() => fake.close());
  const t = useTestApp({ env: () => fake.env, worker: EDIT_WORKER_TUNING });
  let jar: CookieJar;
  let project: Project;

  beforeAll(async () => {
    jar = (await signUp(t.url)).jar;
    fake.analysis = { roomType: 'living-room', style: 'modern', confidence: 'high' };
    const res = await postProject(t.url, jar, { photo: await makePhoto({ width: 900, height: 600 }) });
    project = (await waitForFinish(t.url, jar, ((await res.json()) as Project).id)).project;
    expect(project.status).toBe('completed');
  });

  it('Remove: the photo and a prompt naming the painted area; only that area (and its margin) changes', async () => {
    // The "AI" paints the whole image blue: only the composite keeps the room outside the paint.
    fake.editImage = async (photo) => {
      const { width = 1, height = 1 } = await sharp(photo).metadata();
      return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
        .png()
        .toBuffer();
    };
    const before = fake.requests.length;
    const res = await postEdit(t.url, jar, project.id, { kind: 'remove', strokes: [MIDDLE_STROKE] });
    expect(res.status, await res.clone().text()).toBe(202);
    const list = await waitForEdit(t.url, jar, project.id);
    expect(list.editError).toBeNull();
    // The edit, and the vision model's second opinion on its result.
    const sent = fake.requests
      .slice(before)
      .filter((r) => geminiImages(r.body).length > 0 && !fake.reviews().includes(r));
    expect(sent).toHaveLength(1);
    expect(fake.reviews().filter((r) => fake.requests.indexOf(r) >= before)).toHaveLength(1);
    expect(geminiImages(sent[0]!.body)).toHaveLength(1);
    expect(geminiText(sent[0]!.body)).toMatch(
      /Remove the object in the area from \d+% to \d+% across and \d+% to \d+% down the photo/,
    );
    const image = async (n: number) =>
      bytesOf(await jar.fetch(`${t.url}/api/projects/${project.id}/versions/${n}/image`));
    const diff = await differingPixels(await image(1), await image(2), nearStroke(MIDDLE_STROKE, 0.02));
    expect(diff.outside).toBe(0);
    expect(diff.within).toBeGreaterThan(1000);
  });

  it('an enhancement: the photo and the mode prompt', async () => {
    fake.editImage = null;
    const before = fake.requests.length;
    const res = await postEdit(t.url, jar, project.id, { kind: 'floor', preset: 'Grey tile' });
    expect(res.status, await res.clone().text()).toBe(202);
    const list = await waitForEdit(t.url, jar, project.id);
    expect(list.editError).toBeNull();
    expect(list.versions.at(-1)).toMatchObject({
      kind: 'floor',
      alterations: ['staged', 'object-removed', 'floor'],
    });
    const sent = fake.requests.slice(before).filter((r) => geminiImages(r.body).length > 0);
    expect(geminiText(sent[0]!.body)).toMatch(
      /only the floor covering with large light grey porcelain tiles/,
    );
  });
});
