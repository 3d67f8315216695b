import { usePageMeta } from '../../lib/use-page-meta';

export function WorkspacePage() {
  usePageMeta('Workspace', 'Stage, unstage and restyle your room photos.');
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight">Staging workspace</h1>
      <p className="mt-2 text-slate-300">Upload a room photo to stage it with AI.</p>
    </main>
  );
}
