import { PageShell } from '../../components/page-shell';
import { usePageMeta } from '../../lib/use-page-meta';

export function PrivacyPage() {
  usePageMeta('Privacy Policy');
  return (
    <PageShell title="Privacy Policy">
      <p>Last updated January 15, 2025.</p>
    </PageShell>
  );
}
