import { createHash } from 'node:crypto';
import { JPEG, PNG, type Asset } from '@trustnxt/c2pa-ts/asset';
import { SuperBox } from '@trustnxt/c2pa-ts/jumbf';
import { ManifestStore } from '@trustnxt/c2pa-ts/manifest';

/** One C2PA status entry as an ingredient records it (code, and where it applies). */
export interface ProviderStatus {
  code: string;
  url?: string;
  explanation?: string;
}

/**
 * A provider's image as it came back, before we re-encode it: what its C2PA manifest store is and said
 * when it arrived. Kept beside the stored result, it becomes the `componentOf` ingredient of every
 * manifest we sign into a file made from that result.
 */
export interface ProviderOutput {
  /** A name for it ('openai-output-1.png'). */
  title: string;
  format: 'image/png' | 'image/jpeg' | 'image/webp';
  /** SHA-256 of the provider's bytes, hex. */
  sha256: string;
  /** The provider's C2PA manifest store (JUMBF), byte for byte. */
  jumbf: Buffer;
  /** The label of its active manifest (urn:c2pa:…). */
  label: string;
  /** Its active manifest's validation on arrival, against the provider's own bytes. */
  validation: { success: ProviderStatus[]; informational: ProviderStatus[]; failure: ProviderStatus[] };
}

const RIFF_HEADER = 12;

/** WebP keeps a manifest store in a RIFF chunk named 'C2PA' (c2pa-ts reads no WebP). */
function webpJumbf(data: Buffer): Buffer | null {
  if (data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP') return null;
  for (let at = RIFF_HEADER; at + 8 <= data.length;) {
    const size = data.readUInt32LE(at + 4);
    if (data.toString('latin1', at, at + 4) === 'C2PA') return data.subarray(at + 8, at + 8 + size);
    at += 8 + size + (size % 2);
  }
  return null;
}

function found(
  data: Buffer,
): { format: ProviderOutput['format']; asset: Asset | null; jumbf: Buffer } | null {
  if (PNG.canRead(data) || JPEG.canRead(data)) {
    const png = PNG.canRead(data);
    const asset = png ? new PNG(data) : new JPEG(data);
    const jumbf = asset.getManifestJUMBF();
    return jumbf ? { format: png ? 'image/png' : 'image/jpeg', asset, jumbf: Buffer.from(jumbf) } : null;
  }
  const jumbf = webpJumbf(data);
  return jumbf ? { format: 'image/webp', asset: null, jumbf } : null;
}

/** In our store its URLs must name its manifest: c2pa-ts writes some relative to it. */
const statusOf =
  (label: string) =>
  ({ code, url, explanation }: ProviderStatus): ProviderStatus => ({
    code,
    ...(url ? { url: url.replace(/^self#jumbf=(?!\/)/, `self#jumbf=/c2pa/${label}/`) } : {}),
    ...(explanation ? { explanation } : {}),
  });

/**
 * The manifest store an engine's image carries, read before anything re-encodes it; null when it has
 * none or it does not parse (then the file's manifest names no provider output, as for any other).
 */
export async function providerOutputOf(data: Buffer, title: string): Promise<ProviderOutput | null> {
  try {
    const carried = found(data);
    if (!carried) return null;
    const store = ManifestStore.read(SuperBox.fromBuffer(new Uint8Array(carried.jumbf)));
    const label = store.getActiveManifest()?.label;
    if (!label) return null;
    // A WebP's binding cannot be checked here: its ingredient records no verdict rather than a guess.
    const result = carried.asset ? await store.validate(carried.asset) : null;
    // c2pa-ts checks no trust list (it calls any chain trusted): only what it verified is recorded.
    const entries = (result?.statusEntries ?? []).filter((e) => !e.code.startsWith('signingCredential.'));
    return {
      title: `${title}.${carried.format.slice('image/'.length).replace('jpeg', 'jpg')}`,
      format: carried.format,
      sha256: createHash('sha256').update(data).digest('hex'),
      jumbf: carried.jumbf,
      label,
      validation: {
        success: entries.filter((e) => e.success).map(statusOf(label)),
        informational: [],
        failure: entries.filter((e) => !e.success).map(statusOf(label)),
      },
    };
  } catch {
    return null;
  }
}

/** As kept beside the stored result (a small JSON blob). */
export const providerOutputJson = (output: ProviderOutput): Buffer =>
  Buffer.from(JSON.stringify({ ...output, jumbf: output.jumbf.toString('base64') }));

/** The kept record back; null when it is not one. */
export function providerOutputFromJson(data: Buffer): ProviderOutput | null {
  try {
    const raw = JSON.parse(data.toString('utf8')) as Omit<ProviderOutput, 'jumbf'> & { jumbf: string };
    if (typeof raw.jumbf !== 'string' || typeof raw.label !== 'string') return null;
    return { ...raw, jumbf: Buffer.from(raw.jumbf, 'base64') };
  } catch {
    return null;
  }
}
