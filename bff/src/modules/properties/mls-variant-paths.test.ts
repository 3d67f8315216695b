import { describe, expect, it } from 'vitest';
import { handoverListSchema, publicShareSchema, shareStateSchema } from '@shared/api';
import { MLS_PROFILES, downloadVariant, type AlterationClass, type MlsProfileId } from '@shared/domain';
import { json, signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { regionDiff } from '../../testing/image-checks';
import { makePhoto } from '../../testing/images';
import { addRoom, createProperty, stageRoomDirectly } from '../../testing/property-helpers';
import { bytesOf } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { readZip } from '../../testing/zip-reader';

/** The bottom-left corner of a 1200 x 900 photo, where a plate would be. */
const CORNER = { left: 0, top: 700, width: 400, height: 200 };
/** Its top-right corner, where the EU 'AI' icon goes. */
const TOP_RIGHT = { left: 1000, top: 0, width: 200, height: 120 };

describe('every MLS profile through every download path gets the variant its profile decides', () => {
  const t = useTestApp();
  const api = (p: string) => `${t.url}/api${p}`;

  /** One staged room of a property, its project shared too (single downloads link the project's page). */
  async function setUp(alterations?: AlterationClass[]) {
    const { jar, user } = await signUp(t.url);
    const property = await createProperty(t, jar, { name: '3 Oak Ave' });
    const photo = await makePhoto({ width: 1200, height: 900 });
    const room = await addRoom(t, jar, property.id, { roomType: 'living-room', photo });
    const project = await stageRoomDirectly(t, user.id, property.id, room.id);
    if (alterations) {
      const staged = project.images.staged;
      const createdAt = new Date();
      const base = { instruction: null, staged, note: null, createdAt };
      await t.deps.store.collections.projects.updateOne(
        { _id: project._id },
        {
          $set: {
            alterations,
            currentVersion: 2,
            lastVersion: 2,
            versions: [
              { ...base, number: 1, kind: 'staging', alterations: ['staged'] },
              { ...base, number: 2, kind: 'paint', from: 1, alterations },
            ],
          },
        },
      );
    }
    expect((await jar.fetch(api(`/properties/${property.id}/share`), { method: 'POST' })).status).toBe(201);
    expect((await jar.fetch(api(`/projects/${project._id}/share`), { method: 'POST' })).status).toBe(201);
    return { jar, propertyId: property.id, projectId: project._id };
  }
  const setMls = async (jar: CookieJar, id: MlsProfileId) => {
    const res = await jar.fetch(api('/user/preferences'), json({ mlsProfile: id }, { method: 'PUT' }));
    expect(res.status).toBe(200);
  };
  const records = async (jar: CookieJar, projectId: string) =>
    handoverListSchema.parse(await (await jar.fetch(api(`/projects/${projectId}/handovers`))).json());
  const latestRecord = async (jar: CookieJar, projectId: string) => (await records(jar, projectId))[0];

  it('single download (workspace menu), API (Settings) and property ZIP, for each profile', async () => {
    const { jar, propertyId, projectId } = await setUp();
    const plain = await bytesOf(await jar.fetch(api(`/projects/${projectId}/download`)));
    for (const profile of MLS_PROFILES) {
      const decided = downloadVariant(profile, ['staged'], 'listing');
      if (decided.kind !== 'file') throw new Error(`${profile.id} refuses a staging`);
      const paths: [string, () => Promise<Buffer>][] = [
        [
          'single',
          async () => {
            const res = await jar.fetch(
              api(`/projects/${projectId}/download?format=listing&mls=${profile.id}`),
            );
            expect(res.status, profile.id).toBe(200);
            return bytesOf(res);
          },
        ],
        [
          'api',
          async () => {
            await setMls(jar, profile.id);
            const res = await jar.fetch(api(`/projects/${projectId}/download?format=listing`));
            expect(res.status, profile.id).toBe(200);
            return bytesOf(res);
          },
        ],
        [
          'zip',
          async () => {
            const res = await jar.fetch(api(`/properties/${propertyId}/download?mls=${profile.id}`));
            expect(res.status, profile.id).toBe(200);
            const entries = readZip(await bytesOf(res));
            return entries.find((e) => /^01-living-room(-1-altered)?\.jpg$/.test(e.name))!.data;
          },
        ],
      ];
      for (const [path, take] of paths) {
        // A record holds a day's downloads of one file: this download made one or counted once more.
        const recordKey = (r: { mlsProfile: string; variant: string; at: string }) =>
          `${r.mlsProfile} ${r.variant} ${r.at}`;
        const before = new Map((await records(jar, projectId)).map((r) => [recordKey(r), r.count]));
        const file = await take();
        const where = `${profile.id} ${path}`;
        const diff = await regionDiff(plain, file, CORNER);
        // Clean: no plate (the plain download's photo, but for the invisible watermark's ±1 pattern, which in
        // a ZIP carries the ZIP's own original link: about 1.5 here); labelled: a plate (11 and more).
        if (decided.variant === 'clean') expect(diff, where).toBeLessThan(4);
        else expect(diff, where).toBeGreaterThan(8);
        // The EU profile's 'AI' icon in the top-right corner; nobody else's.
        const icon = await regionDiff(plain, file, TOP_RIGHT);
        if ('aiIcon' in profile) expect(icon, where).toBeGreaterThan(2);
        else expect(icon, where).toBeLessThan(4);
        // The hand-over records of this download (a ZIP for a board allowing both sets keeps a clean copy too).
        const made = (await records(jar, projectId)).filter((r) => (before.get(recordKey(r)) ?? 0) < r.count);
        expect(new Set(made.map((r) => r.mlsProfile)), where).toEqual(new Set([profile.id]));
        expect(made[made.length - 1]?.variant, where).toBe(decided.variant);
        if (decided.variant === 'clean')
          expect(
            made.map((r) => r.variant),
            where,
          ).not.toContain('labelled');
      }
    }
  });

  it('refuses a paint edit for CRMLS with the rule, in the download and the ZIP; for Other it goes, labelled', async () => {
    const { jar, propertyId, projectId } = await setUp(['staged', 'paint']);
    const single = await jar.fetch(api(`/projects/${projectId}/download?format=listing&mls=crmls`));
    expect(single.status).toBe(409);
    const refusal = (await single.json()) as { error: string; message: string };
    expect(refusal.error).toBe('not_for_mls');
    expect(refusal.message).toMatch(/^This version is a renovation concept for CRMLS/);
    expect(refusal.message).toContain('kb.crmls.org/knowledgebase/digitally-altered-images-faqs');
    expect(refusal.message).toContain('Download version 1, the staged photo before the edit');
    const zip = await jar.fetch(api(`/properties/${propertyId}/download?mls=crmls`));
    expect(zip.status).toBe(409);
    expect(((await zip.json()) as { message: string }).message).toMatch(
      /^Living Room \(room 1\): This version is a renovation concept for CRMLS/,
    );
    // Nothing was handed over by a refusal.
    expect(await latestRecord(jar, projectId)).toBeUndefined();
    // The buyer page still shows it, labelled a concept while the agent's MLS is CRMLS.
    const { link } = shareStateSchema.parse(
      await (await jar.fetch(api(`/projects/${projectId}/share`))).json(),
    );
    const buyerPage = async () =>
      publicShareSchema.parse(await (await fetch(api(`/shares/${link!.token}`))).json()).concept;
    await setMls(jar, 'crmls');
    expect(await buyerPage()).toBe(true);
    await setMls(jar, 'other');
    expect(await buyerPage()).toBe(false);

    const plain = await bytesOf(await jar.fetch(api(`/projects/${projectId}/download`)));
    const other = await jar.fetch(api(`/projects/${projectId}/download?format=listing&mls=other`));
    expect(other.status).toBe(200);
    expect(await regionDiff(plain, await bytesOf(other), CORNER)).toBeGreaterThan(2);
    expect(await latestRecord(jar, projectId)).toMatchObject({ mlsProfile: 'other', variant: 'labelled' });
  });
});
