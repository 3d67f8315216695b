import { JPEG, PNG, type Asset } from '@trustnxt/c2pa-ts/asset';
import { SuperBox } from '@trustnxt/c2pa-ts/jumbf';
import { ManifestStore } from '@trustnxt/c2pa-ts/manifest';

/**
 * What a file's C2PA manifest is worth: signed and intact by a certificate we trust, signed and intact by
 * any other (a self-issued one reads 'valid but untrusted'), broken or altered since, or absent.
 */
export type C2paState = 'valid' | 'valid-untrusted' | 'invalid' | 'none';

const assetOf = (data: Uint8Array): Asset | null =>
  JPEG.canRead(data) ? new JPEG(data) : PNG.canRead(data) ? new PNG(data) : null;

/** The file and its manifest store's bytes; null when there is none, or the file's segments do not parse. */
function manifestOf(data: Uint8Array): { asset: Asset; jumbf: Uint8Array } | null {
  try {
    const asset = assetOf(data);
    const jumbf = asset?.getManifestJUMBF();
    return asset && jumbf ? { asset, jumbf } : null;
  } catch {
    return null;
  }
}

/**
 * Validates the active manifest of `data` (signature, assertion hashes, the hash of every other byte).
 * `trusted`: DER certificates whose signatures count as trusted (the configured C2PA_CERT's signer).
 */
export async function readC2pa(data: Uint8Array, trusted: Uint8Array[] = []): Promise<C2paState> {
  const found = manifestOf(data);
  if (!found) return 'none';
  const { asset, jumbf } = found;
  try {
    const store = ManifestStore.read(SuperBox.fromBuffer(jumbf as Uint8Array<ArrayBuffer>));
    const result = await store.validate(asset);
    if (!result.isValid) return 'invalid';
    const signer = store.getActiveManifest()?.signature?.signatureData.certificate?.rawData;
    const known = signer && trusted.some((cert) => Buffer.from(cert).equals(Buffer.from(signer)));
    return known ? 'valid' : 'valid-untrusted';
  } catch {
    return 'invalid';
  }
}
