import sharp from 'sharp';
import { c2paSigner, signC2pa } from '../images/provenance/c2pa-sign';
import { providerOutputOf } from '../images/provenance/provider-output';
import { makeSelfIssued } from '../images/provenance/self-issued';

/** Who the fake provider's manifest names as its claim generator (as OpenAI's names its own). */
export const FAKE_PROVIDER_GENERATOR = 'FakeAI Images';

let signer: ReturnType<typeof c2paSigner> | null = null;

/**
 * `png` as an image provider hands it out: with its own signed C2PA manifest (made by a trained model,
 * from the photo it was sent), under a throwaway key of its own; returns the file and its manifest's label.
 */
export async function signedAsProvider(png: Buffer): Promise<{ data: Buffer; label: string }> {
  signer ??= makeSelfIssued('FakeAI').then((keys) => c2paSigner(keys));
  const sent = await sharp(png).jpeg().toBuffer();
  const data = await signC2pa(
    png,
    {
      original: { data: sent, contentType: 'image/jpeg', title: 'image.jpg' },
      made: 'generated',
      disclosure: 'Created with an AI image model',
      originalUrl: null,
      code: null,
      agent: { name: FAKE_PROVIDER_GENERATOR, version: '1.0', engine: 'fake-image-model', model: null },
    },
    await signer,
  );
  const label = (await providerOutputOf(data, 'provider'))?.label;
  if (!label) throw new Error('The fake provider made no readable manifest.');
  return { data, label };
}
