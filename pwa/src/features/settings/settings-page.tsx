import { PageShell } from '../../components/page-shell';
import { usePageMeta } from '../../lib/use-page-meta';

export function SettingsPage() {
  usePageMeta('Settings');
  return (
    <PageShell title="Settings">
      <p>Your profile, notifications and account.</p>
    </PageShell>
  );
}
