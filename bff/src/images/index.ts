export { readUpload, type Upload, type UploadLimits } from './intake/read-upload';
export { sniffImageType, type AcceptedImageType } from './intake/image-type';
export {
  intakeRoomPhoto,
  thumbnailOf,
  intakeProfileImage,
  processImage,
  MAX_INPUT_PIXELS,
  NORMALIZED_LONG_EDGE,
  THUMB_LONG_EDGE,
  type IntakeResult,
  type ProcessedImage,
  type ProcessOptions,
} from './intake/process-image';
export {
  downscaled,
  exportJpeg,
  exportListingJpeg,
  normalizeResult,
  storedImageSize,
  type ExportOptions,
  type ListingExportOptions,
} from './derive/derive';
export { type PlateSpec } from './listing/listing-overlay';
export { AI_COMPOSITE_SOURCE_TYPE, provenanceXmp, type Provenance } from './derive/provenance';
export {
  IntakeGate,
  TOO_MANY_UPLOADS_MESSAGE,
  visitorIntakeOwner,
  type IntakeGateLimits,
} from './intake/intake-gate';
export { configureSharpForServer } from './intake/sharp-settings';
export {
  IMAGE_TYPES,
  LINK_CACHE,
  imageReader,
  type ImageAudience,
  type ImageReader,
  type StoredImage,
} from './image-delivery';
export {
  checkStructure,
  MEANT_MARGIN,
  namedOnce,
  prepareForStructureCheck,
  structureAlignment,
  STRUCTURE_WORK_EDGE,
  type MeantChanges,
  type PreparedImage,
  type StructureChange,
  type StructureCheck,
} from './structure/structure-check';
export { repairable, repairStructure, type Repair } from './structure/structure-repair';
export {
  compositeEdit,
  featherPx,
  fillFromSurroundings,
  openAiMaskPng,
  paintedPixels,
  rawRgb,
  regionInWords,
  renderPaintMask,
  resizedLossless,
  type PaintMask,
} from './edit/edit-mask';
export { previewEnhance, previewOutline, type EnhanceParams } from './edit/preview-enhance';
export {
  createProvenanceMarker,
  loadSigningKeys,
  provenanceReport,
  providerOutputFromJson,
  providerOutputJson,
  providerOutputOf,
  readProvenance,
  SELF_ISSUED_NOTE,
  SOURCE_TYPES,
  type AlteredImage,
  type C2paState,
  type ProvenanceMarker,
  type ProvenanceReading,
  type ProviderOutput,
} from './provenance';
export { LOCK_TOP, LOCK_WORK_EDGE, lockShare, structureLock } from './lock/structure-lock';
export {
  compositeOnPlate,
  compositeThroughLock,
  lockAlpha,
  lockPlate,
  type LockAlignment,
  type LockPlate,
} from './lock/lock-composite';
