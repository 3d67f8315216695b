import { formatFileSize, UPLOAD_HINT } from '@shared/domain';
import { useId, useState, type ChangeEvent, type DragEvent } from 'react';

/** The single-image picker: browse, take a photo (phones open the rear camera), or drop an image. */
export function ImagePicker({
  file,
  previewUrl = null,
  refusal = null,
  disabled,
  onFile,
}: {
  file: File | null;
  /** The chosen photo, shown where it was picked (on a phone the result column is far below). */
  previewUrl?: string | null;
  /** Why the server will not stage this photo (said as soon as its analysis answered). */
  refusal?: string | null;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const pickId = useId();
  const cameraId = useId();
  const [dragOver, setDragOver] = useState(false);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    if (disabled) return;
    // Dropped files count only when they are images.
    const image = [...e.dataTransfer.files].find((f) => f.type.startsWith('image/'));
    if (image) onFile(image);
  };
  // Both inputs (gallery and camera) hand over their first file, then clear so the same file can come again.
  const inputProps = {
    type: 'file',
    accept: 'image/*',
    disabled,
    className: 'sr-only',
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const first = e.target.files?.[0];
      if (first) onFile(first);
      e.target.value = '';
    },
  } as const;
  const labelClass = `inline-flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-4 font-medium ${disabled ? 'pointer-events-none opacity-50' : ''}`;

  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDragOver(true);
      }}
      onDragLeave={() => setDragOver(false)}
      onDrop={onDrop}
      className={`rounded-xl border-2 border-dashed p-4 text-center ${dragOver ? 'border-indigo-400 bg-indigo-500/10' : 'border-slate-700'}`}
    >
      {file ? (
        <>
          {previewUrl && (
            <img
              src={previewUrl}
              data-testid="picked-photo"
              // The result column describes the same photo; here it only shows which one was picked.
              alt=""
              className="mx-auto mb-2 max-h-48 w-auto max-w-full rounded-lg object-contain"
            />
          )}
          <p className="mb-3 text-sm">
            <span className="break-all font-medium">{file.name}</span>{' '}
            {/* The size never wraps mid-number. */}
            <span className="whitespace-nowrap text-slate-400">({formatFileSize(file.size)})</span>
          </p>
        </>
      ) : (
        <p className="mb-3 text-slate-300">{dragOver ? 'Drop the photo here' : 'Drop a room photo here'}</p>
      )}
      {file && refusal && (
        <p role="alert" className="mb-3 rounded-lg bg-red-950/60 px-3 py-2 text-left text-sm text-red-100">
          {refusal}
        </p>
      )}
      <div className="flex flex-col justify-center gap-2 sm:flex-row">
        <label htmlFor={pickId} className={`${labelClass} bg-slate-800 hover:bg-slate-700`}>
          {file ? 'Choose another photo' : 'Choose a photo'}
        </label>
        <input id={pickId} {...inputProps} />
        <label htmlFor={cameraId} className={`${labelClass} border border-slate-700 hover:bg-slate-800`}>
          Take photo
        </label>
        <input id={cameraId} capture="environment" {...inputProps} />
      </div>
      <p className="mt-2 text-xs text-slate-400">{UPLOAD_HINT}</p>
    </div>
  );
}
