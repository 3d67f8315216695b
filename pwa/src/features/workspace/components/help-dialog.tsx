import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

const STEPS = [
  'Upload a room photo, or take one with your camera.',
  'We detect the room type; check it and choose a mode.',
  'Pick a style and a colour palette, or add your own prompt.',
  'Press Generate and wait about 30 seconds.',
  'Drag the slider to compare, then download the result.',
] as const;

const TIPS = [
  'Shoot in landscape, from a corner, with the lights on.',
  'Unstage removes furniture and clutter; style and palette are not used then.',
  'Multi-view gives several options for the same room.',
  'Batch Processing stages up to 10 photos one after another.',
] as const;

/** The header's help button: how-to steps and tips. */
export function HelpDialogButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Help"
        className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 hover:text-white"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="10" />
          <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />
        </svg>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
        <div className="fixed inset-0 bg-black/70" aria-hidden="true" />
        <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
          <DialogPanel className="max-h-[100dvh] w-full max-w-lg overflow-y-auto rounded-t-2xl border border-slate-800 bg-slate-900 p-6 shadow-2xl sm:rounded-2xl">
            <DialogTitle className="text-xl font-semibold">How to stage a room</DialogTitle>
            <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-200">
              {STEPS.map((s) => (
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
                onClick={() => setOpen(false)}
                className="min-h-11 rounded-lg bg-indigo-500 px-4 font-semibold text-white hover:bg-indigo-400"
              >
                Got it
              </button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
