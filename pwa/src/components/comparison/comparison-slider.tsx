import { StrokeIcon } from '../stroke-icon';
import { useSplitDrag } from './use-split-drag';

export interface ComparisonSliderProps {
  beforeUrl: string;
  afterUrl: string;
  /** 0-100: how much of the width shows the before image. */
  split: number;
  onSplitChange: (split: number) => void;
  /** Accessible name of the divider. */
  label?: string;
  beforeAlt?: string;
  afterAlt?: string;
  /** Intrinsic image size: reserves the box before the images arrive (no layout shift). */
  width?: number;
  height?: number;
  loading?: 'lazy' | 'eager';
  /** 'contain' for the fullscreen view, where the whole photo must be visible. */
  fit?: 'cover' | 'contain';
  className?: string;
}

const label =
  'pointer-events-none absolute top-3 rounded-md bg-slate-950/75 px-2 py-1 text-xs font-semibold tracking-wide text-white uppercase';

/** The before image on the left, the after image on the right, and a draggable divider between them. */
export function ComparisonSlider({
  beforeUrl,
  afterUrl,
  split,
  onSplitChange,
  label: sliderLabel = 'Before and after split',
  beforeAlt = 'Room before staging',
  afterAlt = 'Room after staging',
  width = 960,
  height = 640,
  loading = 'lazy',
  fit = 'cover',
  className = '',
}: ComparisonSliderProps) {
  const { pointerHandlers, onKeyDown } = useSplitDrag(split, onSplitChange);
  const objectFit = fit === 'cover' ? 'object-cover' : 'object-contain';
  // The after photo and the before photo over it (clipped to the split) are laid out alike.
  const imageProps = {
    width,
    height,
    loading,
    decoding: 'async',
    draggable: false,
    className: `pointer-events-none absolute inset-0 h-full w-full select-none ${objectFit}`,
  } as const;
  const rounded = Math.round(split);
  return (
    <div
      {...pointerHandlers}
      data-testid="comparison-slider"
      className={`relative cursor-ew-resize touch-none overflow-hidden select-none ${className}`}
      style={fit === 'cover' ? { aspectRatio: `${width} / ${height}` } : undefined}
    >
      <img src={afterUrl} alt={afterAlt} {...imageProps} />
      <img
        src={beforeUrl}
        alt={beforeAlt}
        {...imageProps}
        style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
      />
      <span className={`${label} left-3`} aria-hidden="true">
        Before
      </span>
      <span className={`${label} right-3`} aria-hidden="true">
        After
      </span>
      <div
        role="slider"
        tabIndex={0}
        aria-label={sliderLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={`${rounded}% before, ${100 - rounded}% after`}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="group absolute inset-y-0 -ml-[22px] flex w-11 cursor-ew-resize justify-center outline-none"
        style={{ left: `${split}%` }}
      >
        <span className="h-full w-0.5 bg-white shadow-[0_0_6px_rgba(0,0,0,0.6)]" aria-hidden="true" />
        <span
          className="absolute top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-indigo-500 text-white shadow-lg group-focus-visible:ring-4 group-focus-visible:ring-indigo-300"
          aria-hidden="true"
        >
          <StrokeIcon size={20} strokeWidth={2.5}>
            <path d="M9 6l-6 6 6 6M15 6l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
          </StrokeIcon>
        </span>
      </div>
    </div>
  );
}
