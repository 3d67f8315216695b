import { usePageMeta } from '../../lib/use-page-meta';
import { LegalDocument } from './components/legal-document';
import { TERMS_SECTIONS } from './terms-content';

export const TERMS_DESCRIPTION =
  'The terms for using Stagely: accounts, the free plan, Pro billing, acceptable use, your content and liability.';

export function TermsPage() {
  usePageMeta('Terms of Service', TERMS_DESCRIPTION);
  return (
    <LegalDocument
      title="Terms of Service"
      intro={<p>These terms govern your use of Stagely, the AI virtual staging service for room photos.</p>}
      sections={TERMS_SECTIONS}
    />
  );
}
