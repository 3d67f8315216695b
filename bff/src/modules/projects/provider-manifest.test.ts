import { createHash } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MIN_PHOTO_SHORT_EDGE } from '@shared/domain';
import type { Project } from '@shared/api';
import { signUp } from '../../testing/auth-helpers';
import { referenceRead, type ReferenceReading } from '../../testing/c2pa-reference';
import type { CookieJar } from '../../testing/cookie-jar';
import { FAKE_PROVIDER_GENERATOR, signedAsProvider } from '../../testing/provider-c2pa';
import { bytesOf, postProject, waitForFinish } from '../../testing/staging-helpers';
import { renderRoom, roomAtLeast } from '../../testing/synthetic-rooms';
import { MIDDLE_STROKE, postEdit, waitForEdit } from '../../testing/version-helpers';
import { useFakeOpenAI, useTestApp } from '../../testing/use-test-app';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The reference reader's verdict: valid (only the self-issued certificate is untrusted), the original as parent. */
function expectSigned(read: ReferenceReading, original: Buffer, what: string) {
  expect(read.state, what).toBe('Valid');
  expect(read.failures, what).toEqual(['signingCredential.untrusted']);
  expect(read.successes, what).toContain('assertion.dataHash.match');
  const parent = read.manifest.ingredients?.find((i) => i.relationship === 'parentOf');
  expect(parent?.instance_id, what).toBe(`xmp:iid:sha256:${sha256(original)}`);
}

/** OpenAI's outputs carry a C2PA manifest: every file we hand out keeps it as a `componentOf` ingredient. */
describe("the provider's own manifest in every handed-out file", () => {
  const fake = useFakeOpenAI();
  const t = useTestApp({ env: () => ({ ...fake.env, STAGING_DRAFT: 'false' }), worker: true });
  const api = (p: string) => `${t.url}/api${p}`;
  const room = roomAtLeast(MIN_PHOTO_SHORT_EDGE);
  let photo: Buffer;
  let labels: string[];
  beforeAll(async () => {
    photo = await renderRoom(room, 'empty');
  });
  beforeEach(() => {
    fake.reset();
    labels = [];
    fake.editImage = () => renderRoom(room, 'furnished');
  });

  /** The fake signs each output as a provider would, and its manifest labels are kept in order. */
  function signEveryOutput(): void {
    fake.signOutput = async (png) => {
      const signed = await signedAsProvider(png);
      labels.push(signed.label);
      return signed.data;
    };
  }

  async function staged(jar: CookieJar): Promise<Project> {
    const res = await postProject(t.url, jar, { photo });
    expect(res.status).toBe(201);
    const { project } = await waitForFinish(t.url, jar, ((await res.json()) as Project).id, 30_000);
    expect(project.status).toBe('completed');
    return project;
  }

  /** The listing download and the share page's image, each fetched before any is read. */
  async function handedOutFiles(jar: CookieJar, project: Project) {
    const original = await bytesOf(await jar.fetch(api(`/projects/${project.id}/images/original`)));
    const shared = await jar.fetch(api(`/projects/${project.id}/share`), { method: 'POST' });
    const { token } = (await shared.json()) as { token: string };
    const listing = await bytesOf(await jar.fetch(api(`/projects/${project.id}/download?format=listing`)));
    const shown = await bytesOf(await fetch(api(`/shares/${token}/images/staged`)));
    return { original, files: { 'listing download': listing, 'share page image': shown } };
  }

  it('names the provider output as componentOf, its manifest kept and validated by the reader', async () => {
    signEveryOutput();
    const { jar } = await signUp(t.url);
    const project = await staged(jar);
    const { original, files } = await handedOutFiles(jar, project);
    expect(labels).toHaveLength(1);
    const label = labels[0]!;
    for (const [what, file] of Object.entries(files)) {
      const read = await referenceRead(file);
      expectSigned(read, original, what);
      const component = read.manifest.ingredients?.find((i) => i.relationship === 'componentOf');
      expect(component?.title, what).toBe('openai-output-1.png');
      expect(component?.active_manifest, what).toBe(label);
      // The provider's manifest is in the file's store as the provider signed it: the reader checked it.
      expect(read.manifests[label]?.claim_generator_info?.[0]?.name, what).toBe(FAKE_PROVIDER_GENERATOR);
      expect(read.ingredientSuccesses, what).toContain('ingredient.manifest.validated');
      expect(read.ingredientSuccesses, what).toContain('claimSignature.insideValidity');
    }
  }, 60_000);

  it("an edited version names its edit's output, with that output's manifest", async () => {
    signEveryOutput();
    const { jar } = await signUp(t.url);
    const project = await staged(jar);
    const res = await postEdit(t.url, jar, project.id, { kind: 'remove', strokes: [MIDDLE_STROKE] });
    expect(res.status, await res.clone().text()).toBe(202);
    expect((await waitForEdit(t.url, jar, project.id, 30_000)).editError).toBeNull();
    const original = await bytesOf(await jar.fetch(api(`/projects/${project.id}/images/original`)));
    const plain = await bytesOf(await jar.fetch(api(`/projects/${project.id}/download`)));
    expect(labels).toHaveLength(2);
    const read = await referenceRead(plain);
    expectSigned(read, original, 'plain download of the edit');
    const component = read.manifest.ingredients?.find((i) => i.relationship === 'componentOf');
    expect(component?.title).toBe('openai-edit-output.png');
    expect(component?.active_manifest).toBe(labels[1]);
    expect(read.ingredientSuccesses).toContain('ingredient.manifest.validated');
  }, 60_000);

  it('names no component when the provider output carried no manifest', async () => {
    const { jar } = await signUp(t.url);
    const project = await staged(jar);
    const { original, files } = await handedOutFiles(jar, project);
    for (const [what, file] of Object.entries(files)) {
      const read = await referenceRead(file);
      expectSigned(read, original, what);
      expect(
        read.manifest.ingredients?.map((i) => i.relationship),
        what,
      ).toEqual(['parentOf']);
      expect(Object.keys(read.manifests), what).toHaveLength(1);
    }
  }, 60_000);
});
