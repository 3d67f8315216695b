import type { ContactCategory } from '@shared/domain';
import { PublicLayout } from '../../components/public-layout';
import { usePageMeta } from '../../lib/use-page-meta';
import { ContactForm, CONTACT_FORM_ID } from './components/contact-form';
import { CategoryCards, ContactFaq, ContactInfoCard, HelpCenterLink } from './components/contact-details';
import { QueuedMessages } from './components/queued-messages';
import { useContactDraft } from './hooks/use-contact-draft';

export const CONTACT_DESCRIPTION =
  'Contact Stagely support by e-mail or message: technical help, billing, feature requests and partnerships. We reply within 24 hours.';

export function ContactPage() {
  usePageMeta('Contact Us', CONTACT_DESCRIPTION);
  const { draft, update, reset } = useContactDraft();

  const pickCategory = (category: ContactCategory) => {
    update({ category });
    document.getElementById(CONTACT_FORM_ID)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    document.getElementById('contact-name')?.focus({ preventScroll: true });
  };

  return (
    <PublicLayout>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact Us</h1>
      <p className="mt-3 max-w-2xl text-slate-300">
        Questions, feedback or partnership ideas: send us a message and we'll get back to you.
      </p>
      <div className="mt-8">
        <CategoryCards selected={draft.category} onSelect={pickCategory} />
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <QueuedMessages onEdit={(d) => void reset(d)} />
          <div className="rounded-2xl border border-slate-800 bg-slate-900 p-5 sm:p-6">
            <ContactForm draft={draft} update={update} reset={reset} />
          </div>
        </div>
        <div className="space-y-6">
          <ContactInfoCard />
          <HelpCenterLink />
          <ContactFaq />
        </div>
      </div>
    </PublicLayout>
  );
}
