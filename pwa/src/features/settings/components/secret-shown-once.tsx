import { useState } from 'react';

export interface SecretShownOnceTexts {
  shownOnce: string;
  copy: string;
  copied: string;
  done: string;
}

const button = 'min-h-11 rounded-lg px-4 font-semibold';

/** A secret just made (an API key, a webhook's signing secret): shown once, with a copy button, until Done. */
export function SecretShownOnce({
  secret,
  texts: T,
  testId,
  onDone,
}: {
  secret: string;
  texts: SecretShownOnceTexts;
  testId: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="mt-4 rounded-lg border border-amber-700 bg-amber-950/30 p-4">
      <p className="text-sm text-amber-200">{T.shownOnce}</p>
      <code data-testid={testId} className="mt-2 block break-all font-mono text-sm">
        {secret}
      </code>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={`${button} bg-indigo-600 text-white`}
          onClick={() => void navigator.clipboard.writeText(secret).then(() => setCopied(true))}
        >
          {copied ? T.copied : T.copy}
        </button>
        <button type="button" className={`${button} border border-slate-600`} onClick={onDone}>
          {T.done}
        </button>
      </div>
    </div>
  );
}
