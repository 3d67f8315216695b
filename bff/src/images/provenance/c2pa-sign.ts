import { createHash, createPrivateKey, randomUUID, webcrypto } from 'node:crypto';
import { X509Certificate } from '@peculiar/x509';
import { JPEG, PNG, type Asset } from '@trustnxt/c2pa-ts/asset';
import type { Signer } from '@trustnxt/c2pa-ts/cose';
import {
  ActionAssertion,
  ActionType,
  DataHashAssertion,
  DigitalSourceType,
  IngredientAssertion,
  ManifestStore,
  RelationshipType,
} from '@trustnxt/c2pa-ts/manifest';
import { SOURCE_TYPES, type AlteredImage } from './altered-image';
import { keepProviderManifests, providerIngredient } from './provider-ingredient';
import type { SigningKeys } from './signing-keys';

const crypto = webcrypto as unknown as Crypto;
/** COSE's number for ECDSA P-256 with SHA-256. */
const ES256 = -7;

/**
 * Signs with WebCrypto, whose ECDSA signature is the raw r|s pair COSE wants (P1363): the library's own
 * signer encodes it as DER, which C2PA readers reject.
 */
export async function c2paSigner(keys: Pick<SigningKeys, 'keyPem' | 'certPem'>): Promise<Signer> {
  // SEC1 ('EC PRIVATE KEY') and PKCS#8 PEM both become PKCS#8, the only form WebCrypto imports.
  const pkcs8 = createPrivateKey(keys.keyPem).export({ format: 'der', type: 'pkcs8' });
  const key = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
  ]);
  const pems = keys.certPem.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? [];
  const [certificate, ...chainCertificates] = pems.map((pem) => new X509Certificate(pem));
  if (!certificate) throw new Error('C2PA_CERT holds no certificate.');
  return {
    algorithm: ES256,
    certificate,
    chainCertificates,
    async sign(payload: Uint8Array) {
      return new Uint8Array(
        await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, new Uint8Array(payload)),
      );
    },
  };
}

const assetOf = (data: Buffer): { asset: Asset; format: string } => {
  if (JPEG.canRead(data)) return { asset: new JPEG(data), format: 'image/jpeg' };
  if (PNG.canRead(data)) return { asset: new PNG(data), format: 'image/png' };
  throw new Error('Only JPEG and PNG files are signed.');
};

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * `data` (a JPEG or PNG) with a signed C2PA manifest: the original as its parent, opened and then edited
 * by the named model (IPTC's source type), the original's public page, and a hash of every other byte;
 * the provider's own output, when it came with a manifest, as a component whose manifest is kept.
 */
export async function signC2pa(data: Buffer, image: AlteredImage, signer: Signer): Promise<Buffer> {
  const { asset, format } = assetOf(data);
  const store = new ManifestStore();
  // The provider's manifests go in first: the last in the store is the active one, ours.
  const kept = image.provider ? keepProviderManifests(store, image.provider) : null;
  const manifest = store.createManifest({
    assetFormat: format,
    instanceID: `xmp:iid:${randomUUID()}`,
    defaultHashAlgorithm: 'SHA-256',
    signer,
  });
  const { agent } = image;
  if (manifest.claim) {
    manifest.claim.claimGeneratorName = agent.name;
    manifest.claim.claimGeneratorVersion = agent.version;
  }
  const parent = IngredientAssertion.createV3(RelationshipType.ParentOf);
  parent.title = image.original.title;
  parent.format = image.original.contentType;
  // The same original always has the same id: a desk holding the original can check it is this parent.
  parent.instanceID = `xmp:iid:sha256:${sha256(image.original.data)}`;
  parent.description = image.originalUrl
    ? `Unaltered photo (a camera's digital capture), shown at ${image.originalUrl}`
    : "Unaltered photo (a camera's digital capture)";
  if (image.originalUrl) parent.informationalURI = image.originalUrl;
  manifest.addAssertion(parent);
  const component = kept && image.provider ? providerIngredient(image.provider, kept) : null;
  if (component) manifest.addAssertion(component);
  const actions = new ActionAssertion();
  const softwareAgent = { name: agent.name, version: agent.version };
  const model = agent.model ? `${agent.engine} (${agent.model})` : agent.engine;
  actions.actions = [
    {
      action: ActionType.C2paOpened,
      parameters: { ingredients: [manifest.createAssertionReference(parent)] },
      softwareAgent,
    },
    ...(component
      ? [
          {
            action: ActionType.C2paPlaced,
            parameters: { ingredients: [manifest.createAssertionReference(component)] },
            softwareAgent,
          },
        ]
      : []),
    {
      action: ActionType.C2paEdited,
      digitalSourceType: SOURCE_TYPES[image.made] as DigitalSourceType,
      softwareAgent,
      parameters: {
        description: image.originalUrl
          ? `${image.disclosure}. Unaltered original: ${image.originalUrl}`
          : `${image.disclosure}.`,
        model,
      },
    },
  ];
  manifest.addAssertion(actions);
  const hash = DataHashAssertion.create('SHA-256');
  manifest.addAssertion(hash);
  await asset.ensureManifestSpace(store.measureSize());
  await hash.updateWithAsset(asset);
  await manifest.sign(signer);
  await asset.writeManifestJUMBF(store.getBytes());
  return Buffer.from(await asset.getDataRange());
}
