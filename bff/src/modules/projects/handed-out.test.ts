import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { provenanceCheckSchema, propertyShareLinkSchema, type Project } from '@shared/api';
import { readProvenance } from '../../images';
import { signUp } from '../../testing/auth-helpers';
import { referenceRead } from '../../testing/c2pa-reference';
import type { CookieJar } from '../../testing/cookie-jar';
import { makePhoto, multipart } from '../../testing/images';
import { addRoom, createProperty, stageRoomDirectly } from '../../testing/property-helpers';
import { bytesOf, postProject, waitForFinish } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { readZip } from '../../testing/zip-reader';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const codeOf = (originalUrl: string) => new URL(originalUrl).pathname.split('/')[2]!;

/** The reference reader's verdict on a handed-out file, and what its manifest and watermark name. */
async function expectMarked(file: Buffer, original: Buffer, originalUrl: string | null, what: string) {
  const read = await referenceRead(file);
  expect(read.state, what).toBe('Valid');
  // Only the trust list is missing: the test's certificate is self-issued.
  expect(read.failures, what).toEqual(['signingCredential.untrusted']);
  expect(read.successes, what).toContain('assertion.dataHash.match');
  const parent = read.manifest.ingredients?.find((i) => i.relationship === 'parentOf');
  expect(parent?.instance_id, what).toBe(`xmp:iid:sha256:${sha256(original)}`);
  expect(parent?.informational_URI, what).toBe(originalUrl ?? undefined);
  const actions = JSON.stringify(read.manifest.assertions?.find((a) => a.label.startsWith('c2pa.actions')));
  expect(actions, what).toContain('compositeWithTrainedAlgorithmicMedia');
  expect(await readProvenance(file), what).toEqual({
    c2pa: 'valid-untrusted',
    watermark: { code: originalUrl ? codeOf(originalUrl) : null },
  });
}

describe('every altered image handed out is watermarked and signed (C2PA)', () => {
  const t = useTestApp({ worker: true });
  const api = (p: string) => `${t.url}/api${p}`;

  async function stagedProject(jar: CookieJar): Promise<Project> {
    const photo = await makePhoto({ width: 1200, height: 900 });
    const created = (await (await postProject(t.url, jar, { photo })).json()) as Project;
    return (await waitForFinish(t.url, jar, created.id)).project;
  }

  // Every file is fetched before any is checked: a long check between two requests on one kept-alive
  // socket races the server closing it.
  it('signs plain and listing downloads and the share page image, naming the original as parent', async () => {
    const { jar, user } = await signUp(t.url);
    const project = await stagedProject(jar);
    const bytes = async (path: string, fetcher: (url: string) => Promise<Response> = (u) => jar.fetch(u)) =>
      bytesOf(await fetcher(api(path)));
    const original = await bytes(`/projects/${project.id}/images/original`);
    // Before the project is shared no original page exists: the file says so, and still carries its mark.
    const early = await bytes(`/projects/${project.id}/download`);
    const shared = await jar.fetch(api(`/projects/${project.id}/share`), { method: 'POST' });
    const { token } = (await shared.json()) as { token: string };
    const listing = await bytes(`/projects/${project.id}/download?format=listing`);
    const plain = await bytes(`/projects/${project.id}/download`);
    // A repeat download is the kept file: neither marked, signed nor checked again.
    const marks = vi.spyOn(t.deps.provenance, 'mark');
    const checks = vi.spyOn(t.deps.provenance, 'checkC2pa');
    const again = await bytes(`/projects/${project.id}/download?format=listing`);
    expect([marks.mock.calls.length, checks.mock.calls.length]).toEqual([0, 0]);
    marks.mockRestore();
    checks.mockRestore();
    expect(again.equals(listing)).toBe(true);
    // Pro's 4K export leaves through the same door.
    await t.deps.repos.users.update(user.id, { plan: 'pro' });
    const fourK = await bytes(`/projects/${project.id}/download?size=4k`);
    // A signed-out buyer on the share page gets the same marks; the original itself stays untouched.
    const shown = await bytes(`/shares/${token}/images/staged`, fetch);
    const unaltered = await bytes(`/shares/${token}/images/original`, fetch);
    // Anyone may ask where a copy came from: the watermark survives a re-encode at quality 75.
    const copy = await sharp(listing).jpeg({ quality: 75 }).toBuffer();
    const res = await fetch(api('/provenance'), { method: 'POST', body: multipart({}, { data: copy }) });
    expect(res.status).toBe(200);
    const check = provenanceCheckSchema.parse(await res.json());

    await expectMarked(early, original, null, 'plain download, unshared');
    const { ingredients } = (await referenceRead(listing)).manifest;
    const originalUrl = ingredients?.find((i) => i.relationship === 'parentOf')?.informational_URI ?? '';
    expect(originalUrl).toMatch(/\/o\/[a-z2-9]{10}$/);
    await expectMarked(listing, original, originalUrl, 'listing download');
    await expectMarked(plain, original, originalUrl, 'plain download');
    await expectMarked(fourK, original, originalUrl, '4K download');
    expect((await sharp(fourK).metadata()).width).toBe(3840);
    await expectMarked(shown, original, originalUrl, 'share page image');
    expect(unaltered.equals(original)).toBe(true);
    expect(check).toEqual({ c2pa: 'none', watermark: { code: codeOf(originalUrl), originalUrl } });
  }, 60_000);
});

// Without a worker: the rooms are staged directly, and a worker would claim them first.
describe('every altered photo of a property handed out is watermarked and signed (C2PA)', () => {
  const t = useTestApp();
  const api = (p: string) => `${t.url}/api${p}`;

  it('signs each altered photo of the property ZIP and of the buyers page', async () => {
    const { jar, user } = await signUp(t.url);
    const created = await createProperty(t, jar, { name: '12 Harbor Rd' });
    const photo = await makePhoto({ width: 1200, height: 900 });
    const room = await addRoom(t, jar, created.id, { roomType: 'kitchen', photo });
    await stageRoomDirectly(t, user.id, created.id, room.id);
    const { token } = propertyShareLinkSchema.parse(
      await (await jar.fetch(api(`/properties/${created.id}/share`), { method: 'POST' })).json(),
    );
    const entries = readZip(await bytesOf(await jar.fetch(api(`/properties/${created.id}/download`))));
    const shown = await bytesOf(await fetch(api(`/property-shares/${token}/rooms/${room.id}/staged`)));
    const file = (name: string) => entries.find((e) => e.name === name)!.data;
    const original = file('01-kitchen-2-original.jpg');
    const altered = file('01-kitchen-1-altered.jpg');
    const originalUrl = (await referenceRead(altered)).manifest.ingredients?.[0]?.informational_URI ?? '';
    await expectMarked(altered, original, originalUrl, 'ZIP entry');
    await expectMarked(file('clean/01-kitchen-1-altered.jpg'), original, originalUrl, 'clean ZIP entry');
    await expectMarked(shown, original, originalUrl, 'buyers page image');
  }, 60_000);
});
