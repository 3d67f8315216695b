import { PageShell } from '../../components/page-shell';
import { usePageMeta } from '../../lib/use-page-meta';

export function TermsPage() {
  usePageMeta('Terms of Service');
  return (
    <PageShell title="Terms of Service">
      <p>Last updated January 15, 2025.</p>
    </PageShell>
  );
}
