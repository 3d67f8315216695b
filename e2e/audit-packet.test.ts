import { createHash, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditPacketSchema, propertySchema, type AuditPacket } from '../shared/src/api';
import { readZip } from '../bff/src/testing/zip-reader';
import { HANDOVER_RECORD_TEXTS } from '../pwa/src/components/handover-record';
import { registerInBrowser } from './support/accounts';
import { contextAtWidth, downloadedBytes, hasChromium, watchProblems } from './support/browser';
import { roomPhoto } from './support/property-steps';
import { useServerAndBrowser } from './support/use-server-and-browser';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.skipIf(!hasChromium)('the audit packet, one click, in Chromium', () => {
  const app = useServerAndBrowser();
  const api = (path: string) => `${app.server.url}/api${path}`;

  /** A property of one room staged by the server's engine and shared with buyers, made through the API. */
  async function stagedProperty(page: Page): Promise<string> {
    const id = randomUUID();
    expect((await page.request.post(api('/properties'), { data: { id, name: '5 Bay St' } })).status()).toBe(
      201,
    );
    const roomId = randomUUID();
    const photo = await roomPhoto('kitchen.jpg', '#e8dcc6', 1600, 1200);
    const room = await page.request.post(api(`/properties/${id}/rooms`), {
      multipart: { roomId, roomType: 'kitchen', image: { ...photo } },
    });
    expect(room.status()).toBe(201);
    const staged = await page.request.post(api(`/properties/${id}/stage`), {
      data: { roomIds: [roomId], stylePreset: 'modern' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(staged.status()).toBeLessThan(300);
    const done = async () =>
      propertySchema.parse(await (await page.request.get(api(`/properties/${id}`))).json()).rooms[0]?.project
        ?.status;
    await expect.poll(done, { timeout: 60_000, interval: 250 }).toBe('completed');
    expect((await page.request.post(api(`/properties/${id}/share`))).status()).toBe(201);
    return id;
  }

  /** Clicks one of the packet's links and reads the file it downloads. */
  async function packetFile(page: Page, name: string): Promise<{ file: string; data: Buffer }> {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('link', { name }).click(),
    ]);
    return { file: download.suggestedFilename(), data: await downloadedBytes(download) };
  }
  /** Both forms of the packet: the JSON's hashes are the files', the PDF holds the same hashes. */
  async function expectPacket(page: Page, files: Buffer[], original: Buffer | null): Promise<AuditPacket> {
    const pdf = await packetFile(page, HANDOVER_RECORD_TEXTS.auditPdf);
    expect(pdf.file).toMatch(/^audit-packet-(project|property)-[\w-]+\.pdf$/);
    expect(pdf.data.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const json = await packetFile(page, HANDOVER_RECORD_TEXTS.auditJson);
    expect(json.file).toBe(pdf.file.replace(/\.pdf$/, '.json'));
    const packet = auditPacketSchema.parse(JSON.parse(json.data.toString('utf8')));
    expect(packet.files.map((f) => f.fileSha256).sort()).toEqual(files.map(sha256).sort());
    const text = pdf.data.toString('latin1');
    for (const f of files) expect(text).toContain(sha256(f));
    if (original) for (const f of packet.files) expect(f.originalSha256).toBe(sha256(original));
    return packet;
  }

  it('downloads at 390 px for a property and at 1280 px for a project, its hashes those of the files', async () => {
    const context = await contextAtWidth(app.browser, 390);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server, { firstName: 'Ada' });

    // A property's ZIP for CRMLS: the labelled photo and its clean copy are the published files.
    const propertyId = await stagedProperty(page);
    const zipRes = await page.request.get(api(`/properties/${propertyId}/download?mls=crmls`));
    expect(zipRes.status()).toBe(200);
    const zip = readZip(Buffer.from(await zipRes.body()));
    const published = zip
      .filter((e) => /^(clean\/)?01-kitchen-1-altered\.jpg$/.test(e.name))
      .map((e) => e.data);
    expect(published).toHaveLength(2);
    const original = zip.find((e) => e.name === '01-kitchen-2-original.jpg')!.data;
    await page.goto(`${app.server.url}/properties/${propertyId}`);
    const packet = await expectPacket(page, published, original);
    expect(packet.files.map((f) => f.mlsProfile.id)).toEqual(['crmls', 'crmls']);

    // The same at desktop width, for a single project staged in the workspace and downloaded there.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.server.url}/app`);
    const photo = await roomPhoto('lounge.jpg', '#c6d8e8', 1600, 1200);
    await page.getByLabel('Choose a photo').setInputFiles({ ...photo });
    await page.getByRole('button', { name: 'Generate Staging' }).click();
    const comparison = page.getByRole('region', { name: /^Before & After Comparison - / });
    await comparison.waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      comparison.getByRole('button', { name: 'Download' }).click(),
    ]);
    const plain = await downloadedBytes(download);
    const [made] = (await expectPacket(page, [plain], null)).files;
    const stored = await page.request.get(api(`/projects/${made!.projectId}/images/original`));
    expect(made!.originalSha256).toBe(sha256(Buffer.from(await stored.body())));
    expect(problems).toEqual([]);
    await context.close();
  });
});
