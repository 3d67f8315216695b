export {
  ComparisonPanel,
  COMPARISON_TITLE,
  comparisonTitle,
  type ComparisonPanelProps,
} from './comparison-panel';
export { ComparisonSlider, type ComparisonSliderProps } from './comparison-slider';
export { clampSplit } from './use-split-drag';
