export { readUpload, type Upload, type UploadLimits } from './read-upload';
export { sniffImageType, type AcceptedImageType } from './image-type';
export {
  intakeRoomPhoto,
  intakeProfileImage,
  MAX_INPUT_PIXELS,
  THUMB_LONG_EDGE,
  type IntakeResult,
  type ProcessedImage,
} from './process-image';
