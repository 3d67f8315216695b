import { createHash } from 'node:crypto';
import { SuperBox } from '@trustnxt/c2pa-ts/jumbf';
import {
  IngredientAssertion,
  ManifestStore,
  RelationshipType,
  type Manifest,
  type ValidationStatusEntry,
} from '@trustnxt/c2pa-ts/manifest';
import type { ProviderOutput } from './provider-output';

type Hashed = NonNullable<IngredientAssertion['activeManifest']>;
const hashed = (uri: string, bytes: Uint8Array): Hashed => ({
  uri,
  algorithm: 'SHA-256',
  hash: new Uint8Array(createHash('sha256').update(bytes).digest()),
});

/**
 * Puts the provider's manifests, byte for byte, into `store` (before our own is created, so ours stays
 * the active one); returns its active manifest, or null when its bytes do not parse.
 */
export function keepProviderManifests(store: ManifestStore, output: ProviderOutput): Manifest | null {
  try {
    const theirs = ManifestStore.read(SuperBox.fromBuffer(new Uint8Array(output.jumbf)));
    // A manifest already in the store (the same provider chain twice) is not repeated.
    const labels = new Set(store.manifests.map((m) => m.label));
    store.manifests.push(...theirs.manifests.filter((m) => !labels.has(m.label)));
    return store.getManifestByLabel(output.label) ?? null;
  } catch {
    return null;
  }
}

/**
 * The provider's output as a `componentOf` ingredient whose active manifest is `kept` (already in the
 * store): hashed references to that manifest and to its signature, and its verdict on arrival.
 */
export function providerIngredient(output: ProviderOutput, kept: Manifest): IngredientAssertion {
  const ingredient = IngredientAssertion.createV3(RelationshipType.ComponentOf);
  // The parent is the first ingredient assertion: a second one of the same kind is labelled `__1`.
  ingredient.labelSuffix = 1;
  ingredient.title = output.title;
  ingredient.format = output.format;
  ingredient.instanceID = `xmp:iid:sha256:${output.sha256}`;
  ingredient.description = 'The image model’s own output, with the C2PA manifest it came with';
  const manifestBytes = kept.sourceBox?.toBuffer();
  const signatureBox = kept.signature?.sourceBox?.toBuffer();
  if (!manifestBytes) return ingredient;
  ingredient.activeManifest = hashed(`self#jumbf=/c2pa/${output.label}`, manifestBytes);
  if (signatureBox)
    ingredient.claimSignature = hashed(`self#jumbf=/c2pa/${output.label}/c2pa.signature`, signatureBox);
  const codes = (list: ProviderOutput['validation']['success']) => list as ValidationStatusEntry[];
  ingredient.validationResults = {
    activeManifest: {
      success: codes(output.validation.success),
      informational: codes(output.validation.informational),
      failure: codes(output.validation.failure),
    },
  };
  return ingredient;
}
