export { SOURCE_TYPES, type AlteredImage } from './altered-image';
export type { C2paState } from './c2pa-read';
export {
  createProvenanceMarker,
  readProvenance,
  SELF_ISSUED_NOTE,
  type ProvenanceMarker,
  type ProvenanceReading,
} from './marker';
export { C2PA_KEYS_FILE, loadSigningKeys, type SigningKeys } from './signing-keys';
export { provenanceReport } from './provenance-report';
export {
  providerOutputFromJson,
  providerOutputJson,
  providerOutputOf,
  type ProviderOutput,
} from './provider-output';
