import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import { StrokeIcon } from '../stroke-icon';
import { ComparisonSlider } from './comparison-slider';

export const FULLSCREEN_HINTS = [
  'Drag slider to compare',
  'Click and drag slider',
  'ESC Exit fullscreen',
] as const;

export interface ComparisonFullscreenProps {
  title: string;
  beforeUrl: string;
  afterUrl: string;
  /** Known size of the before photo, as in the panel. */
  imageWidth?: number;
  imageHeight?: number;
  /** The panel's split when fullscreen opened; from then on this view has its own. */
  initialSplit: number;
  onClose: () => void;
  /** The change overlay, when the panel shows it. */
  overlayUrl?: string;
}

/** Full-screen dialog with its own independent slider; ESC or the close button leaves it. */
export function ComparisonFullscreen({
  title,
  beforeUrl,
  afterUrl,
  imageWidth,
  imageHeight,
  initialSplit,
  onClose,
  overlayUrl,
}: ComparisonFullscreenProps) {
  const [split, setSplit] = useState(initialSplit);
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black" aria-hidden="true" />
      <DialogPanel className="fixed inset-0 flex flex-col text-white">
        <div className="flex items-center justify-between gap-2 px-3 py-2 sm:px-4">
          <DialogTitle className="min-w-0 truncate text-base font-semibold sm:text-lg">{title}</DialogTitle>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close fullscreen"
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-indigo-400"
          >
            <StrokeIcon size={22}>
              <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
            </StrokeIcon>
          </button>
        </div>
        {/* The photo takes as much of this area as its shape allows; the rest stays black. */}
        <div className="relative mx-2 min-h-0 flex-1 sm:mx-4">
          <ComparisonSlider
            beforeUrl={beforeUrl}
            afterUrl={afterUrl}
            overlayUrl={overlayUrl}
            split={split}
            onSplitChange={setSplit}
            label={`${title}: fullscreen before and after split`}
            width={imageWidth}
            height={imageHeight}
            loading="eager"
            layout="fill"
            className="absolute inset-0"
          />
        </div>
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-1 px-3 py-3 text-sm text-slate-300">
          {FULLSCREEN_HINTS.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
      </DialogPanel>
    </Dialog>
  );
}
