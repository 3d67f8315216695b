import type { ProvenanceCheck as Reading } from '@shared/api';
import { useCheckProvenance } from '../api/check-provenance';
import { PROVENANCE_CHECK_TEXTS as T } from './provenance-check-texts';

/** What the photo's hidden mark says about which original it was made from. */
function markSentence(reading: Reading, code: string) {
  const mark = reading.watermark;
  if (!mark) return T.noMark;
  if (mark.code === null) return T.noOriginal;
  if (mark.code === code) return T.thisOriginal;
  return (
    <>
      {T.otherOriginal}{' '}
      <a className="underline" href={mark.originalUrl ?? undefined}>
        {mark.originalUrl}
      </a>
    </>
  );
}

/** On an original's page: a buyer or an MLS officer checks a listing photo against this original. */
export function ProvenanceCheck({ code }: { code: string }) {
  const check = useCheckProvenance();
  return (
    <section aria-labelledby="provenance-check" className="space-y-2 rounded-xl border border-slate-700 p-4">
      <h2 id="provenance-check" className="text-lg font-semibold">
        {T.title}
      </h2>
      <p className="text-sm text-slate-300">{T.hint}</p>
      <label className="inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-slate-600 px-3 text-sm">
        {T.pick}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          onChange={(e) => {
            const photo = e.currentTarget.files?.[0];
            if (photo) check.mutate(photo);
          }}
        />
      </label>
      <div aria-live="polite" className="text-sm text-slate-200">
        {check.isPending && <p>{T.checking}</p>}
        {check.isError && <p role="alert">{check.error.message}</p>}
        {check.data && (
          <>
            <p>{T.c2pa[check.data.c2pa]}</p>
            <p>{markSentence(check.data, code)}</p>
          </>
        )}
      </div>
    </section>
  );
}
