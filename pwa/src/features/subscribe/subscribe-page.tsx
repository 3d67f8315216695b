import { PageShell } from '../../components/page-shell';
import { usePageMeta } from '../../lib/use-page-meta';

export function SubscribePage() {
  usePageMeta('Upgrade to Pro');
  return (
    <PageShell title="Upgrade to Pro">
      <p>Unlimited generations for $4.99/month.</p>
    </PageShell>
  );
}
