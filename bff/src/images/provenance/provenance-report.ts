import { readFile } from 'node:fs/promises';
import { X509Certificate } from '@peculiar/x509';
import type { C2paState } from './c2pa-read';
import { readProvenance } from './marker';

const C2PA_WORDS: Record<C2paState, string> = {
  valid: 'signed and intact (C2PA), by the configured certificate',
  'valid-untrusted':
    "signed and intact (C2PA), by a certificate on no trust list: readers show 'valid but untrusted'",
  invalid: 'a C2PA manifest that no longer matches the file (altered after signing) or is damaged',
  none: 'no C2PA manifest (a re-encoded or screenshotted copy loses it; the watermark stays)',
};

/**
 * `npm run provenance:check FILE`: what a photo says of its making, in words. `ok` when it carries either
 * mark of ours. `certPem`: C2PA_CERT, whose signer counts as trusted.
 */
export async function provenanceReport(
  file: string,
  { certPem, origin }: { certPem: string | undefined; origin: string },
): Promise<{ ok: boolean; lines: string[] }> {
  const signer = certPem?.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/)?.[0];
  const trusted = signer ? [new Uint8Array(new X509Certificate(signer).rawData)] : [];
  const { c2pa, watermark } = await readProvenance(await readFile(file), trusted);
  const mark = !watermark
    ? 'no watermark of ours'
    : watermark.code
      ? `watermark with short code ${watermark.code}: the unaltered original is at ${origin}/o/${watermark.code}`
      : 'watermark of ours, made before its original was published (no short code)';
  return {
    ok: c2pa !== 'none' || watermark !== null,
    lines: [`${file}`, `  C2PA: ${C2PA_WORDS[c2pa]}`, `  ${mark}`],
  };
}
