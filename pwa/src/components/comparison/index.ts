export {
  ComparisonPanel,
  COMPARISON_TITLE,
  comparisonTitle,
  SHOW_CHANGES_LABEL,
  type ComparisonPanelProps,
  type ResultCheck,
} from './comparison-panel';
export {
  CHANGES_OVERLAY_ALT,
  ComparisonSlider,
  PHOTO_NOT_LOADED,
  PHOTO_NOT_ON_DEVICE,
  type ComparisonSliderProps,
} from './comparison-slider';
export { clampSplit } from './use-split-drag';
export {
  VERSION_PICKER_TEXTS,
  VersionPicker,
  comparingText,
  defaultPair,
  pairUrls,
  versionName,
  type ComparedVersions,
} from './version-picker';
