import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { referenceRead } from '../../testing/c2pa-reference';
import type { AlteredImage } from './altered-image';
import { readC2pa } from './c2pa-read';
import { c2paSigner, signC2pa } from './c2pa-sign';
import { makeSelfIssued, type KeyAndChain } from './self-issued';
import { providerOutputOf } from './provider-output';
import { FAKE_PROVIDER_GENERATOR, signedAsProvider } from '../../testing/provider-c2pa';

const photo = (colour: string, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

let keys: KeyAndChain;
let image: AlteredImage;
beforeAll(async () => {
  keys = await makeSelfIssued('Stagely');
  image = {
    original: { data: await photo('#806040'), contentType: 'image/jpeg', title: 'original.jpg' },
    made: 'composite',
    disclosure: 'Virtually staged',
    originalUrl: 'https://stagely.example/o/abcdefghjk',
    code: 'abcdefghjk',
    agent: { name: 'Stagely', version: '0.1.0', engine: 'openai', model: 'gpt-image-1' },
  };
});

describe('signC2pa', () => {
  it('signs a JPEG that the reference reader finds valid, with the original as parent', async () => {
    const signed = await signC2pa(await photo('#a0b0c0'), image, await c2paSigner(keys));
    const read = await referenceRead(signed);
    expect(read.state).toBe('Valid');
    // The self-issued certificate is the only complaint: it is on no trust list.
    expect(read.failures).toEqual(['signingCredential.untrusted']);
    expect(read.successes).toContain('assertion.dataHash.match');
    expect(read.successes).toContain('claimSignature.validated');
    const parent = read.manifest.ingredients?.find((i) => i.relationship === 'parentOf');
    const sha = createHash('sha256').update(image.original.data).digest('hex');
    expect(parent?.instance_id).toBe(`xmp:iid:sha256:${sha}`);
    expect(parent?.informational_URI).toBe(image.originalUrl);
    const actions = read.manifest.assertions?.find((a) => a.label.startsWith('c2pa.actions'));
    expect(JSON.stringify(actions?.data)).toContain('compositeWithTrainedAlgorithmicMedia');
    expect(JSON.stringify(actions?.data)).toContain('gpt-image-1');
    expect(await readC2pa(signed)).toBe('valid-untrusted');
  });

  it('signs a PNG too', async () => {
    const signed = await signC2pa(
      await photo('#203040', 'png'),
      { ...image, made: 'generated' },
      await c2paSigner(keys),
    );
    const read = await referenceRead(signed, 'image/png');
    expect(read.state).toBe('Valid');
    expect(JSON.stringify(read.manifest.assertions)).toContain('/trainedAlgorithmicMedia');
  });

  it('reads trusted, altered and unsigned files for what they are', async () => {
    const signed = await signC2pa(await photo('#a0b0c0'), image, await c2paSigner(keys));
    const signerDer = (await c2paSigner(keys)).certificate.rawData;
    expect(await readC2pa(signed, [new Uint8Array(signerDer)])).toBe('valid');
    const tampered = Buffer.from(signed);
    const at = tampered.length - 100;
    tampered[at] = tampered[at]! ^ 0xff;
    expect(await readC2pa(tampered)).toBe('invalid');
    expect((await referenceRead(tampered)).failures).toContain('assertion.dataHash.mismatch');
    expect(await readC2pa(await photo('#a0b0c0'))).toBe('none');
  });
});

describe('signC2pa with the provider output', () => {
  it('keeps the provider manifest as a componentOf ingredient the reference reader validates', async () => {
    const made = await signedAsProvider(await photo('#405060', 'png'));
    const provider = await providerOutputOf(made.data, 'openai-output-1');
    expect(provider?.label).toBe(made.label);
    const signed = await signC2pa(await photo('#a0b0c0'), { ...image, provider }, await c2paSigner(keys));
    const read = await referenceRead(signed);
    expect(read.state).toBe('Valid');
    expect(read.failures).toEqual(['signingCredential.untrusted']);
    const component = read.manifest.ingredients?.find((i) => i.relationship === 'componentOf');
    expect(component?.title).toBe('openai-output-1.png');
    expect(component?.active_manifest).toBe(made.label);
    expect(read.manifests[made.label]?.claim_generator_info?.[0]?.name).toBe(FAKE_PROVIDER_GENERATOR);
    // The reader checked the kept manifest's hash and its signature, not only that it is there.
    expect(read.ingredientSuccesses).toContain('ingredient.manifest.validated');
    expect(read.ingredientSuccesses).toContain('claimSignature.insideValidity');
    expect(JSON.stringify(read.manifest.assertions)).toContain('c2pa.placed');
    expect(await readC2pa(signed)).toBe('valid-untrusted');
  });

  it("keeps a WebP output's manifest (its RIFF 'C2PA' chunk), recording no verdict of its binding", async () => {
    const made = await signedAsProvider(await photo('#405060', 'png'));
    const jumbf = (await providerOutputOf(made.data, 'x'))!.jumbf;
    const webp = await sharp(made.data).webp().toBuffer();
    const chunk = Buffer.alloc(8);
    chunk.write('C2PA', 0, 'latin1');
    chunk.writeUInt32LE(jumbf.length, 4);
    const pad = Buffer.alloc(jumbf.length % 2);
    const withManifest = Buffer.concat([webp, chunk, jumbf, pad]);
    withManifest.writeUInt32LE(withManifest.length - 8, 4);
    const provider = await providerOutputOf(withManifest, 'gemini-output-1');
    expect(provider).toMatchObject({
      title: 'gemini-output-1.webp',
      format: 'image/webp',
      label: made.label,
    });
    expect(provider?.validation).toEqual({ success: [], informational: [], failure: [] });
    const signed = await signC2pa(await photo('#a0b0c0'), { ...image, provider }, await c2paSigner(keys));
    const read = await referenceRead(signed);
    expect(read.state).toBe('Valid');
    expect(read.manifest.ingredients?.find((i) => i.relationship === 'componentOf')?.active_manifest).toBe(
      made.label,
    );
  });

  it('names no component when the provider output has no manifest', async () => {
    expect(await providerOutputOf(await photo('#405060', 'png'), 'openai-output-1')).toBeNull();
  });
});
