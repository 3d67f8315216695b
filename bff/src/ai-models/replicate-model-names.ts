/** A ControlNet interior-design model (segmentation + straight-line guidance): restyles, keeps the room. */
export const DEFAULT_REPLICATE_MODEL =
  'adirik/interior-design:76604baddc85b1b4616e1c6475eca080da339c8875bd4996705440484a6eac38';

/** `owner/name` or `owner/name:version` (a 64-hex version id). */
export const REPLICATE_MODEL_PATTERN = /^[\w.-]+\/[\w.-]+(:[0-9a-f]{64})?$/;

/** `owner/name` of an `owner/name[:version]` identifier. */
export const modelName = (identifier: string): string => identifier.split(':')[0] ?? identifier;
