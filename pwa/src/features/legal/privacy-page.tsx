import { usePageMeta } from '../../lib/use-page-meta';
import { LegalDocument } from './components/legal-document';
import { PRIVACY_SECTIONS } from './privacy-content';

export const PRIVACY_DESCRIPTION =
  'How Stagely collects, uses, stores and protects your information and photos, including GPS removal and data deletion.';

export function PrivacyPage() {
  usePageMeta('Privacy Policy', PRIVACY_DESCRIPTION);
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what information Stagely collects when you use the app and website, how we use
          it, and the choices you have.
        </p>
      }
      sections={PRIVACY_SECTIONS}
    />
  );
}
