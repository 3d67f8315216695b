import type { TitledMessage } from '@shared/domain';

/** A visible, always-on note that a result is (or will be) a preview, not an AI staging. */
export function PreviewNotice({ message, className = '' }: { message: TitledMessage; className?: string }) {
  return (
    <p
      role="note"
      className={`rounded-xl border border-amber-400/50 bg-amber-400/10 px-3 py-2 text-sm text-amber-100 ${className}`}
    >
      <strong className="font-semibold text-amber-200">{message.title}:</strong> {message.description}
    </p>
  );
}
