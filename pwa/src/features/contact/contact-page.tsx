import { PageShell } from '../../components/page-shell';
import { usePageMeta } from '../../lib/use-page-meta';

export function ContactPage() {
  usePageMeta('Contact Us');
  return (
    <PageShell title="Contact Us">
      <p>Questions, feedback or partnership ideas: we reply within 24 hours.</p>
    </PageShell>
  );
}
