import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@shared/api';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { editImages } from '../../testing/fake-openai';
import { makePhoto } from '../../testing/images';
import { bytesOf, postProject, waitForFinish } from '../../testing/staging-helpers';
import { useFakeOpenAI, useTestApp } from '../../testing/use-test-app';
import {
  MIDDLE_STROKE,
  differingPixels,
  nearStroke,
  postEdit,
  waitForEdit,
  EDIT_WORKER_TUNING,
} from '../../testing/version-helpers';

describe('Remove through the real OpenAI SDK (loopback OpenAI)', () => {
  const fake = useFakeOpenAI();
  const t = useTestApp({ env: () => fake.env, worker: EDIT_WORKER_TUNING });
  let jar: CookieJar;
  let project: Project;

  beforeAll(async () => {
    jar = (await signUp(t.url)).jar;
    const res = await postProject(t.url, jar, { photo: await makePhoto({ width: 900, height: 600 }) });
    project = (await waitForFinish(t.url, jar, ((await res.json()) as Project).id)).project;
    expect(project.status).toBe('completed');
  });
  afterEach(() => fake.reset());

  it('sends a PNG mask of the image size, transparent where painted, and keeps every pixel outside', async () => {
    // The "AI" paints the whole image red: only the composite keeps the room outside the paint.
    fake.editImage = async (photo) => {
      const { width = 1, height = 1 } = await sharp(photo).metadata();
      return sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer();
    };
    const res = await postEdit(t.url, jar, project.id, { kind: 'remove', strokes: [MIDDLE_STROKE] });
    expect(res.status, await res.clone().text()).toBe(202);
    const list = await waitForEdit(t.url, jar, project.id);
    expect(list.editError).toBeNull();
    expect(fake.refusals).toEqual([]);

    const edit = fake.edits().at(-1);
    const photo = editImages(edit!)[0]!.data;
    const mask = edit!.files.find((f) => f.field === 'mask');
    expect(mask?.mimeType).toBe('image/png');
    const [m, p] = await Promise.all([sharp(mask!.data).metadata(), sharp(photo).metadata()]);
    expect(m.format).toBe('png');
    expect(m.hasAlpha).toBe(true);
    expect([m.width, m.height]).toEqual([p.width, p.height]);
    const alpha = await sharp(mask!.data).extractChannel(3).raw().toBuffer();
    const [mw = 1, mh = 1] = [m.width, m.height];
    const at = (x: number, y: number) => alpha[Math.round(y * (mh - 1)) * mw + Math.round(x * (mw - 1))];
    expect(at(0.5, 0.5)).toBe(0);
    expect(at(0.05, 0.05)).toBe(255);
    expect(edit!.fields.prompt).toMatch(/transparent area of the mask/);

    const v1 = await bytesOf(await jar.fetch(`${t.url}/api/projects/${project.id}/versions/1/image`));
    const v2 = await bytesOf(await jar.fetch(`${t.url}/api/projects/${project.id}/versions/2/image`));
    const diff = await differingPixels(v1, v2, nearStroke(MIDDLE_STROKE, 0.02));
    expect(diff.outside).toBe(0);
    expect(diff.within).toBeGreaterThan(1000);
  });
});
