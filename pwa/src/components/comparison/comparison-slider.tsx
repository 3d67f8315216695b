import { useEffect, useState } from 'react';
import { useOnline } from '../../lib/use-online';
import { StrokeIcon } from '../stroke-icon';
import { toastKeepClear } from '../toast';
import { usePhotoBox } from './use-photo-box';
import { useSplitDrag } from './use-split-drag';

export interface ComparisonSliderProps {
  beforeUrl: string;
  afterUrl: string;
  /** 0-100: how much of the photo's width shows the before image. */
  split: number;
  onSplitChange: (split: number) => void;
  /** Accessible name of the divider. */
  label?: string;
  beforeAlt?: string;
  afterAlt?: string;
  /** Known size of the before photo: shapes the box before the image arrives (no layout shift). */
  width?: number;
  height?: number;
  loading?: 'lazy' | 'eager';
  /**
   * 'page': as wide as the frame, at most 75% of the screen's height. 'fill' (fullscreen): as large as the
   * frame allows in both directions; the frame must have a size of its own.
   */
  layout?: 'page' | 'fill';
  /** Classes of the frame around the photo (its background shows where the photo leaves room). */
  className?: string;
  /** A transparent image drawn over both photos (where the result changed), stretched to the photo box. */
  overlayUrl?: string;
}

const label =
  'pointer-events-none absolute top-3 rounded-md bg-slate-950/75 px-2 py-1 text-xs font-semibold tracking-wide text-white uppercase';

const MAX_PAGE_HEIGHT = '75svh';

export const CHANGES_OVERLAY_ALT = 'Where the result differs from the original photo';
/** Said over the box when a photo of the pair did not load: offline it was never kept on this device. */
export const PHOTO_NOT_ON_DEVICE = "This photo is not on this device yet: it shows once you're back online.";
export const PHOTO_NOT_LOADED = 'This photo could not be loaded. Please try again later.';

/**
 * Sideways shift of the round handle from the divider: none in the middle, just enough near an end to keep
 * the whole handle (44 px) on the photo instead of half cut off. 1cqw is 1% of the photo box's width.
 */
const knobShift = (split: number) =>
  `clamp(calc(22px - ${split}cqw), 0px, calc(100cqw - 22px - ${split}cqw))`;

/**
 * The before image on the left, the after image on the right, and a draggable divider between them, in a box
 * of the before photo's own shape (a portrait stays whole). The after image is drawn into the same box, so the
 * two line up pixel for pixel, and the split is a share of the photo's width, never of the letterboxing.
 */
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
  layout = 'page',
  className = '',
  overlayUrl,
}: ComparisonSliderProps) {
  const { pointerHandlers, onKeyDown } = useSplitDrag(split, onSplitChange);
  const online = useOnline();
  // Photos that did not load are hidden (no broken icon, no alt text over the other photo) and said so.
  const [failed, setFailed] = useState<readonly string[]>([]);
  // Back online, each photo is asked for again (the images are remounted by their key below).
  useEffect(() => {
    if (online) setFailed((f) => (f.length > 0 ? [] : f));
  }, [online]);
  const failing = (url: string) => ({
    onError: () => setFailed((f) => [...f, url]),
    style: failed.includes(url) ? { visibility: 'hidden' as const } : undefined,
  });
  const photo = usePhotoBox(beforeUrl, width, height);
  const ratio = `${photo.width} / ${photo.height}`;
  // Height limit of the box: the frame's own height when filling it (container query units), else the screen's.
  const maxHeight = layout === 'fill' ? '100cqh' : MAX_PAGE_HEIGHT;
  const imageProps = {
    width: photo.width,
    height: photo.height,
    loading,
    decoding: 'async',
    draggable: false,
  } as const;
  const imageClass = 'pointer-events-none absolute inset-0 h-full w-full select-none';
  // Until the before photo's shape is known, neither image is stretched to a guessed box.
  const afterFit = photo.measured ? 'object-fill' : 'object-contain';
  const rounded = Math.round(split);
  return (
    <div
      className={`flex items-center justify-center overflow-hidden ${
        layout === 'fill' ? '[container-type:size]' : ''
      } ${className}`}
    >
      <div
        {...pointerHandlers}
        data-testid="comparison-slider"
        className="relative shrink-0 cursor-ew-resize touch-none overflow-hidden select-none [container-type:inline-size]"
        style={{ aspectRatio: ratio, width: `min(100%, calc(${maxHeight} * ${ratio}))` }}
      >
        <img
          key={`after-${String(online)}`}
          src={afterUrl}
          alt={afterAlt}
          {...imageProps}
          {...failing(afterUrl)}
          className={`${imageClass} ${afterFit}`}
        />
        <img
          key={`before-${String(online)}`}
          ref={photo.ref}
          src={beforeUrl}
          alt={beforeAlt}
          {...imageProps}
          onLoad={photo.onLoad}
          onError={failing(beforeUrl).onError}
          className={`${imageClass} object-contain`}
          style={{
            clipPath: `inset(0 ${100 - split}% 0 0)`,
            visibility: failed.includes(beforeUrl) ? 'hidden' : undefined,
          }}
        />
        {failed.length > 0 && (
          <p
            role="status"
            className="pointer-events-none absolute inset-x-3 bottom-3 z-10 rounded-md bg-slate-950/85 px-3 py-2 text-center text-sm text-amber-100"
          >
            {online ? PHOTO_NOT_LOADED : PHOTO_NOT_ON_DEVICE}
          </p>
        )}
        {overlayUrl && (
          <img
            src={overlayUrl}
            alt={CHANGES_OVERLAY_ALT}
            {...imageProps}
            loading="eager"
            data-testid="changes-overlay"
            className={`${imageClass} object-fill`}
            // The marks belong to the result: they show on the After side only.
            style={{ clipPath: `inset(0 0 0 ${split}%)` }}
          />
        )}
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
            {...toastKeepClear}
            className="absolute top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-indigo-500 text-white shadow-lg group-focus-visible:ring-4 group-focus-visible:ring-indigo-300"
            style={{ left: knobShift(split) }}
            aria-hidden="true"
          >
            <StrokeIcon size={20} strokeWidth={2.5}>
              <path d="M9 6l-6 6 6 6M15 6l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
            </StrokeIcon>
          </span>
        </div>
      </div>
    </div>
  );
}
