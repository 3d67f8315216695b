export function FullScreenSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      className="flex min-h-screen flex-col items-center justify-center gap-4"
      role="status"
      aria-live="polite"
    >
      <div
        className="h-10 w-10 animate-spin rounded-full border-4 border-slate-700 border-t-indigo-400"
        aria-hidden="true"
      />
      <p className="text-slate-300">{label}</p>
    </div>
  );
}
