import { DialogTitle } from '@headlessui/react';
import { BATCH_MAX, helpRoomStep, type EngineKind } from '@shared/domain';
import { Link } from 'react-router-dom';
import { IconDialogButton } from '../../../components/sheet-dialog';
import { useServerEngine } from '../../../lib/public-config';

/** How to stage a room; the room step depends on what stages rooms (the preview engine detects none). */
const steps = (engine: EngineKind | null) => [
  'Upload a room photo, or take one with your camera.',
  helpRoomStep(engine),
  'Pick a style and a colour palette, or add your own prompt.',
  'Press Generate and wait about 30 seconds.',
  'Drag the slider to compare, then download the result.',
];

const TIPS = [
  'Shoot in landscape, from a corner, with the lights on.',
  'Unstage removes furniture and clutter; style and palette are not used then.',
  'Multi-view gives several options for the same room.',
  `Batch Processing stages up to ${BATCH_MAX} photos one after another.`,
] as const;

/** The header's help button: how-to steps and tips. */
export function HelpDialogButton() {
  const engine = useServerEngine();
  return (
    <IconDialogButton
      label="Help"
      panelClassName="max-h-[100dvh] max-w-lg overflow-y-auto"
      icon={
        <>
          <circle cx="12" cy="12" r="10" />
          <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />
        </>
      }
    >
      {(close) => (
        <>
          <DialogTitle className="text-xl font-semibold">How to stage a room</DialogTitle>
          <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-200">
            {steps(engine).map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
          <h3 className="mt-6 font-semibold">Tips</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-300">
            {TIPS.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Link
              to="/help"
              className="inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-700 px-4 font-medium hover:bg-slate-800"
            >
              Help Center
            </Link>
            <button
              type="button"
              onClick={close}
              className="min-h-11 rounded-lg bg-indigo-500 px-4 font-semibold text-white hover:bg-indigo-400"
            >
              Got it
            </button>
          </div>
        </>
      )}
    </IconDialogButton>
  );
}
