import { randomUUID } from 'node:crypto';
import { PNG } from '@trustnxt/c2pa-ts/asset';
import type { Signer } from '@trustnxt/c2pa-ts/cose';
import {
  ActionAssertion,
  ActionType,
  DataHashAssertion,
  DigitalSourceType,
  ManifestStore,
} from '@trustnxt/c2pa-ts/manifest';
import { c2paSigner } from '../images/provenance/c2pa-sign';
import { makeSelfIssued } from '../images/provenance/self-issued';

/** Who the fake provider's manifest names as its claim generator (as OpenAI's names 'ChatGPT'). */
export const FAKE_PROVIDER_GENERATOR = 'FakeAI Images';

let signer: Promise<Signer> | null = null;

/**
 * `png` as an image provider hands it out: with its own signed C2PA manifest (made whole by a trained
 * model), under a throwaway key of its own; returns the file and its manifest's label.
 */
export async function signedAsProvider(png: Buffer): Promise<{ data: Buffer; label: string }> {
  signer ??= makeSelfIssued('FakeAI').then((keys) => c2paSigner(keys));
  const key = await signer;
  const asset = new PNG(png);
  const store = new ManifestStore();
  const manifest = store.createManifest({
    assetFormat: 'image/png',
    instanceID: `xmp:iid:${randomUUID()}`,
    defaultHashAlgorithm: 'SHA-256',
    signer: key,
  });
  if (manifest.claim) {
    manifest.claim.claimGeneratorName = FAKE_PROVIDER_GENERATOR;
    manifest.claim.claimGeneratorVersion = '1.0';
  }
  const actions = new ActionAssertion();
  actions.actions = [
    { action: ActionType.C2paCreated, digitalSourceType: DigitalSourceType.TrainedAlgorithmicMedia },
  ];
  manifest.addAssertion(actions);
  const hash = DataHashAssertion.create('SHA-256');
  manifest.addAssertion(hash);
  await asset.ensureManifestSpace(store.measureSize());
  await hash.updateWithAsset(asset);
  await manifest.sign(key);
  await asset.writeManifestJUMBF(store.getBytes());
  return { data: Buffer.from(await asset.getDataRange()), label: manifest.label ?? '' };
}
