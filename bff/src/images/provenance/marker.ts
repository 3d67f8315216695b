import { createHash } from 'node:crypto';
import type { AlteredImage } from './altered-image';
import { readC2pa, type C2paState } from './c2pa-read';
import { c2paSigner, signC2pa } from './c2pa-sign';
import type { SigningKeys } from './signing-keys';
import { detectWatermark } from './watermark-detect';
import { embedWatermark } from './watermark-embed';

/** What /api/health says while the certificate is self-issued. */
export const SELF_ISSUED_NOTE =
  "Altered images are signed with a self-issued certificate: C2PA readers show them as 'valid but untrusted' until C2PA_KEY and C2PA_CERT hold a certificate on the C2PA trust list.";

/** The quality altered images are handed out at (as the exports' own). */
const MARKED_QUALITY = 92;

/** What a file says of its own making: its C2PA manifest, and the code its watermark carries. */
export interface ProvenanceReading {
  c2pa: C2paState;
  /** null: no watermark of ours; { code: null }: ours, made before its original was published. */
  watermark: { code: string | null } | null;
}

/** Marks altered images as they are handed out, and reads the marks back. */
export interface ProvenanceMarker {
  /** `data` as handed out: the watermark with `image.code` in its pixels first, then signed (C2PA). */
  mark(data: Buffer, image: AlteredImage): Promise<Buffer>;
  /**
   * What `data` carries; 'valid' only for a signature by the configured C2PA_CERT. `pixels`: the same
   * image already decoded and re-encoded smaller (at least 1024 px), to look for the watermark in.
   */
  read(data: Buffer, pixels?: Buffer): Promise<ProvenanceReading>;
  /** Only the C2PA manifest's worth (no watermark search): what a hand-over record keeps. */
  checkC2pa(data: Buffer): Promise<C2paState>;
  /** No C2PA_CERT: files read as 'valid but untrusted' until one on the C2PA trust list is set. */
  selfIssued: boolean;
  /** The signing certificate's SHA-256: a kept signed file is reused only while the same certificate signs. */
  signer: string;
}

/**
 * What a file carries; `trusted` are the DER certificates whose signatures read 'valid'; `pixels` as in
 * ProvenanceMarker.read.
 */
export async function readProvenance(
  data: Buffer,
  trusted: Uint8Array[] = [],
  pixels: Buffer = data,
): Promise<ProvenanceReading> {
  const [c2pa, watermark] = await Promise.all([
    readC2pa(data, trusted),
    detectWatermark(pixels).catch(() => null),
  ]);
  return { c2pa, watermark };
}

export async function createProvenanceMarker(keys: SigningKeys): Promise<ProvenanceMarker> {
  const signer = await c2paSigner(keys);
  // A self-issued certificate is ours, not one a reader trusts: it never reads 'valid'.
  const trusted = keys.selfIssued ? [] : [new Uint8Array(signer.certificate.rawData)];
  return {
    selfIssued: keys.selfIssued,
    signer: createHash('sha256').update(new Uint8Array(signer.certificate.rawData)).digest('hex'),
    async mark(data, image) {
      // The signature's hash covers every final byte, so the pixels change before it is made.
      const marked = await embedWatermark(data, image.code, MARKED_QUALITY);
      return signC2pa(marked, image, signer);
    },
    read: (data, pixels) => readProvenance(data, trusted, pixels),
    checkC2pa: (data) => readC2pa(data, trusted),
  };
}
