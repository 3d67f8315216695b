import { PageShell } from '../../components/page-shell';
import { usePageMeta } from '../../lib/use-page-meta';

export function WorkspacePage() {
  usePageMeta('Workspace');
  return (
    <PageShell title="Staging workspace" backLabel="Home">
      <p>Upload a room photo to stage it with AI.</p>
    </PageShell>
  );
}
