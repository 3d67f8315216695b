import { PROPERTY_ROOMS_FULL_MESSAGE } from '@shared/domain';
import { useId, useState, type ChangeEvent } from 'react';
import { StrokeIcon } from '../../../components/stroke-icon';
import { PROPERTY_TEXTS, capturedText } from '../property-texts';

const take =
  'inline-flex min-h-12 flex-1 cursor-pointer items-center justify-center gap-2 rounded-xl px-4 font-semibold';
const camera = (
  <StrokeIcon size={20} strokeLinecap="round" strokeLinejoin="round">
    <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
    <circle cx="12" cy="13" r="3.5" />
  </StrokeIcon>
);

/**
 * 'Take photo' (the rear camera) and 'Add photos' (several from the gallery). After a photo is taken,
 * 'Next room' opens the camera again, so a viewing is one thumb tap per room. Fixed to the bottom of a
 * phone's screen, where the thumb is.
 */
export function CaptureBar({
  nextPosition,
  full,
  onPhotos,
}: {
  /** The number the next photo's room gets. */
  nextPosition: number;
  full: boolean;
  onPhotos: (files: File[]) => Promise<unknown>;
}) {
  const cameraId = useId();
  const pickId = useId();
  const [taken, setTaken] = useState<number | null>(null);
  const pick = (fromCamera: boolean) => (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length === 0) return;
    const position = nextPosition;
    void onPhotos(files).then(() => setTaken(fromCamera ? position : null));
  };
  const disabled = full ? 'pointer-events-none opacity-50' : '';

  return (
    <div className="sticky bottom-0 z-20 -mx-3 border-t border-slate-800 bg-slate-950/95 px-3 py-3 backdrop-blur sm:static sm:mx-0 sm:rounded-2xl sm:border sm:bg-slate-900 sm:p-4">
      {taken !== null && !full && (
        <p role="status" className="mb-2 text-sm text-emerald-300">
          {capturedText(taken)}
        </p>
      )}
      {full && <p className="mb-2 text-sm text-amber-200">{PROPERTY_ROOMS_FULL_MESSAGE}</p>}
      <div className="flex gap-2">
        {taken !== null ? (
          <>
            <label
              htmlFor={cameraId}
              className={`${take} bg-indigo-500 text-white hover:bg-indigo-400 ${disabled}`}
            >
              {camera}
              {PROPERTY_TEXTS.nextRoom}
            </label>
            <button
              type="button"
              onClick={() => setTaken(null)}
              className={`${take} flex-none border border-slate-700 text-slate-100 hover:bg-slate-800`}
            >
              {PROPERTY_TEXTS.done}
            </button>
          </>
        ) : (
          <>
            <label
              htmlFor={cameraId}
              className={`${take} bg-indigo-500 text-white hover:bg-indigo-400 ${disabled}`}
            >
              {camera}
              {PROPERTY_TEXTS.takePhoto}
            </label>
            <label
              htmlFor={pickId}
              className={`${take} border border-slate-700 text-slate-100 hover:bg-slate-800 ${disabled}`}
            >
              {PROPERTY_TEXTS.addPhotos}
            </label>
          </>
        )}
      </div>
      <input
        id={cameraId}
        type="file"
        accept="image/*"
        capture="environment"
        disabled={full}
        className="sr-only"
        onChange={pick(true)}
      />
      <input
        id={pickId}
        type="file"
        accept="image/*"
        multiple
        disabled={full}
        className="sr-only"
        onChange={pick(false)}
      />
    </div>
  );
}
