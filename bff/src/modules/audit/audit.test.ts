import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { C2PA_VALIDATION_TEXTS, auditPacketSchema } from '@shared/api';
import { signUp } from '../../testing/auth-helpers';
import { makePhoto } from '../../testing/images';
import { addRoom, createProperty, stageRoomDirectly } from '../../testing/property-helpers';
import { bytesOf } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { readZip } from '../../testing/zip-reader';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Every object the PDF's cross-reference table points at starts where it says: a reader can open it. */
function checkPdf(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const rows = text.slice(startxref).split('\n').slice(3);
  const offsets = rows.filter((r) => / 00000 n $/.test(r)).map((r) => Number(r.slice(0, 10)));
  offsets.forEach((at, i) => expect(text.slice(at, at + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
  for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = m.index + m[0].length;
    expect(text.slice(start + Number(m[1]), start + Number(m[1]) + 10)).toBe('\nendstream');
  }
  return text;
}

describe('the audit packet', () => {
  const t = useTestApp();
  const api = (p: string) => `${t.url}/api${p}`;

  it("lists every published file with its hash, its original's, label, caption, rule, model and dates; JSON and PDF", async () => {
    const { jar, user } = await signUp(t.url);
    const property = await createProperty(t, jar, { name: '9 Pine Rd' });
    const photo = await makePhoto({ width: 1000, height: 750 });
    const room = await addRoom(t, jar, property.id, { roomType: 'bedroom', photo });
    const project = await stageRoomDirectly(t, user.id, property.id, room.id);
    await jar.fetch(api(`/properties/${property.id}/share`), { method: 'POST' });
    const zip = readZip(await bytesOf(await jar.fetch(api(`/properties/${property.id}/download?mls=crmls`))));
    const labelled = zip.find((e) => e.name === '01-bedroom-1-altered.jpg')!.data;
    const clean = zip.find((e) => e.name === 'clean/01-bedroom-1-altered.jpg')!.data;
    const original = zip.find((e) => e.name === '01-bedroom-2-original.jpg')!.data;
    // The same ZIP again: the same files, downloaded twice.
    await bytesOf(await jar.fetch(api(`/properties/${property.id}/download?mls=crmls`)));

    const res = await jar.fetch(api(`/properties/${property.id}/audit-packet`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="audit-packet-property-${property.id}.json"`,
    );
    const packet = auditPacketSchema.parse(await res.json());
    expect(packet).toMatchObject({ kind: 'property', id: property.id, name: '9 Pine Rd' });
    expect(packet.files.map((f) => f.fileSha256).sort()).toEqual([sha256(labelled), sha256(clean)].sort());
    const plate = packet.files.find((f) => f.variant === 'labelled')!;
    expect(plate).toMatchObject({
      projectId: project._id,
      roomId: room.id,
      originalSha256: sha256(original),
      label: 'Virtually staged',
      mlsProfile: {
        id: 'crmls',
        rule: 'CRMLS Rule 11.5.2 (digitally altered images)',
        url: 'https://kb.crmls.org/?p=10900',
      },
      alterations: ['staged'],
      alterationLabels: ['Virtually staged'],
      engine: 'openai',
      version: 1,
      editedAt: [],
      // Signed as handed out, by the certificate this server made for itself.
      c2pa: C2PA_VALIDATION_TEXTS['valid-untrusted'],
    });
    expect(plate.caption).toMatch(/^Virtually staged\. Unaltered original: http:\/\/.+\/o\/[a-z2-9]{10}$/);
    expect(plate.downloadedAt).toHaveLength(2);
    expect(plate.downloadedBy).toEqual([user.email]);
    expect(Date.parse(plate.stagedAt)).toBeLessThanOrEqual(Date.parse(plate.downloadedAt[0]!));
    expect(packet.files.find((f) => f.variant === 'clean')!.label).toBeNull();

    const pdf = await jar.fetch(api(`/properties/${property.id}/audit-packet.pdf`));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = checkPdf(await bytesOf(pdf));
    for (const f of packet.files) expect(text).toContain(f.fileSha256!);
    expect(text).toContain(sha256(original));
    expect(text).toContain('CRMLS Rule 11.5.2');

    // The project's own packet holds the same files; another user gets no packet.
    const own = auditPacketSchema.parse(
      await (await jar.fetch(api(`/projects/${project._id}/audit-packet`))).json(),
    );
    expect(own.files.map((f) => f.fileSha256).sort()).toEqual(packet.files.map((f) => f.fileSha256).sort());
    const other = await signUp(t.url);
    expect((await other.jar.fetch(api(`/projects/${project._id}/audit-packet.pdf`))).status).toBe(404);
    expect((await other.jar.fetch(api(`/properties/${property.id}/audit-packet`))).status).toBe(404);
  });
});
