import { lazy, Suspense } from 'react';
import { whenOnScreen } from '../../../lib/when-on-screen';

const PANEL_BOX_ID = 'example-panel';

// The slider's code (4 KB gzip) loads as the example comes within 200 px of the screen (it is further
// down on a first visit): until then the page shows it as it was built.
const ComparisonPanel = lazy(() =>
  whenOnScreen(PANEL_BOX_ID, 200)
    .then(() => import('../../../components/comparison'))
    .then((m) => ({ default: m.ComparisonPanel })),
);

let built: string | undefined;
/**
 * The example as the built page shows it, read before React changes anything (the first render takes
 * the page over): React drops what it has not taken over when anything above it changes (the cached
 * session restored, say), and this copy then stands in until the code arrives. Empty when the app
 * renders the page itself.
 */
function builtExample(): string {
  built ??= typeof document === 'undefined' ? '' : (document.getElementById(PANEL_BOX_ID)?.innerHTML ?? '');
  return built;
}

/** One example's before/after slider; the box keeps its place while the slider's code loads. */
export function ExamplePanel({ id, label }: { id: string; label: string }) {
  const html = builtExample();
  const fallback = html ? (
    <div dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <div className="aspect-[3/2] w-full rounded-2xl bg-slate-900" />
  );
  return (
    <div id={PANEL_BOX_ID} className="mt-6">
      <Suspense fallback={fallback}>
        <ComparisonPanel
          key={id}
          beforeUrl={`/examples/${id}-before.webp`}
          afterUrl={`/examples/${id}-after.webp`}
          projectName={label}
          titleAs="h3"
          imageWidth={960}
          imageHeight={640}
          loading="lazy"
        />
      </Suspense>
    </div>
  );
}
