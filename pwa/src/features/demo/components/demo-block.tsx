import { lazy, Suspense, useState } from 'react';
import { DropZone } from './drop-zone';

// The upload, analysis and polling code loads on the visitor's first move towards the demo.
const loadFlow = () => import('./demo-flow');
const DemoFlow = lazy(() => loadFlow().then((m) => ({ default: m.DemoFlow })));
const prefetch = () => void loadFlow();

/** The landing page's live demo: a drop zone until a photo arrives, then the staging flow for it. */
export function DemoBlock() {
  const [file, setFile] = useState<File | null>(null);
  if (!file) return <DropZone onFile={setFile} onIntent={prefetch} />;
  return (
    <Suspense
      fallback={
        <p role="status" className="rounded-2xl border border-slate-800 bg-slate-900/50 p-6 text-slate-300">
          Loading the demo...
        </p>
      }
    >
      <DemoFlow
        key={`${file.name}:${file.size}:${file.lastModified}`}
        file={file}
        onReset={() => setFile(null)}
      />
    </Suspense>
  );
}
