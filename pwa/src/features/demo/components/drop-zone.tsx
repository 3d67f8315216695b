import { useId, useState, type DragEvent } from 'react';
import { UPLOAD_HINT } from '@shared/domain/limits';
import { StrokeIcon } from '../../../components/stroke-icon';

export const DEMO_UPLOAD_HINT = `Image files: ${UPLOAD_HINT}`;

export interface DropZoneProps {
  onFile: (file: File) => void;
  /** Called on first hover or focus, so the next step's code can load before it is needed. */
  onIntent?: () => void;
}

/** Drop a photo or browse for one; a drop takes only image/* files, the picker takes the first file. */
export function DropZone({ onFile, onIntent }: DropZoneProps) {
  const [over, setOver] = useState(false);
  const inputId = useId();
  const hintId = useId();

  const onDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setOver(false);
    const file = Array.from(e.dataTransfer.files).find((f) => f.type.startsWith('image/'));
    if (file) onFile(file);
  };

  return (
    <div
      data-testid="demo-drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        if (!over) setOver(true);
      }}
      onDragEnter={onIntent}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      onPointerEnter={onIntent}
      className={`flex flex-col items-center justify-center gap-4 rounded-2xl border-2 border-dashed px-4 py-10 text-center transition-colors ${
        over ? 'border-indigo-400 bg-indigo-500/10' : 'border-slate-700 bg-slate-900/50'
      }`}
    >
      <StrokeIcon size={40} strokeWidth={1.5} className="text-indigo-300">
        <path
          d="M4 16.5V18a2 2 0 002 2h12a2 2 0 002-2v-1.5M12 15V4m0 0L8 8m4-4l4 4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </StrokeIcon>
      <p className="text-lg font-medium text-slate-100">
        {over ? 'Drop your photo here' : 'Drop a room photo here'}
      </p>
      <p id={hintId} className="text-sm text-slate-300">
        {DEMO_UPLOAD_HINT}
      </p>
      <label
        htmlFor={inputId}
        className="inline-flex min-h-11 cursor-pointer items-center rounded-lg bg-indigo-600 px-5 font-semibold text-white hover:bg-indigo-500 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-300"
      >
        Browse files
        <input
          id={inputId}
          type="file"
          accept="image/*"
          aria-describedby={hintId}
          className="sr-only"
          onFocus={onIntent}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
    </div>
  );
}
