import { PageShell } from '../../components/page-shell';
import { usePageMeta } from '../../lib/use-page-meta';

export function HelpPage() {
  usePageMeta('Help Center');
  return (
    <PageShell title="Help Center">
      <p>Answers to common questions about staging, billing and troubleshooting.</p>
    </PageShell>
  );
}
