import {
  CONTACT_CATEGORY_LABELS,
  FREE_GENERATIONS_PER_MONTH,
  MIN_PHOTO_SHORT_EDGE,
  PRO_BENEFITS_PHRASE,
  PRO_PRICE_LABEL,
  SUPPORT_HOURS,
  SUPPORT_REPLY_TIME,
  UPLOAD_MAX_MB,
  type ContactCategory,
} from '@shared/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BuildingIcon, BulbIcon, CardIcon, WrenchIcon } from '../../../components/topic-icons';
import { MANAGE_SUBSCRIPTION } from '../../../lib/billing-portal';
import { usePublicConfig } from '../../../lib/public-config';

const card = 'rounded-2xl border border-slate-800 bg-slate-900 p-5';

/** Support address (from the server's configuration), business hours and office. */
export function ContactInfoCard() {
  const config = usePublicConfig();
  const email = config.data?.supportEmail;
  return (
    <section aria-labelledby="contact-info-title" className={card}>
      <h2 id="contact-info-title" className="text-lg font-semibold">
        Contact information
      </h2>
      <dl className="mt-3 space-y-3 text-slate-300">
        <div>
          <dt className="text-sm font-medium text-slate-400">Email</dt>
          <dd>
            {email ? (
              <a
                href={`mailto:${email}`}
                className="break-all text-indigo-300 underline hover:text-indigo-200"
              >
                {email}
              </a>
            ) : config.isError || config.fetchStatus === 'paused' ? (
              'Use the form on this page; it works offline too.'
            ) : (
              'Loading...'
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-400">Business hours</dt>
          <dd>{SUPPORT_HOURS}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-400">Office</dt>
          <dd>San Francisco, CA</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-400">We reply {SUPPORT_REPLY_TIME}.</p>
    </section>
  );
}

export function HelpCenterLink() {
  return (
    <Link to="/help" className={`${card} block hover:border-indigo-500`}>
      <span className="block text-lg font-semibold text-white">Visit our Help Center</span>
      <span className="mt-1 block text-sm text-slate-300">
        Quick answers about uploads, styles, billing and your data.
      </span>
    </Link>
  );
}

const TOPICS: { category: ContactCategory; text: string; icon: ReactNode }[] = [
  { category: 'technical', text: 'Uploads, staging results or the app not working', icon: <WrenchIcon /> },
  { category: 'billing', text: 'Your plan, payments, invoices and cancelling', icon: <CardIcon /> },
  { category: 'feature', text: 'Ideas that would make Stagely better for you', icon: <BulbIcon /> },
  { category: 'partnership', text: 'Brokerages, integrations and bulk staging', icon: <BuildingIcon /> },
];

/** Picking a topic sets the form's category and moves to the form. */
export function CategoryCards({
  selected,
  onSelect,
}: {
  selected: ContactCategory;
  onSelect: (c: ContactCategory) => void;
}) {
  return (
    <section aria-labelledby="topics-title">
      <h2 id="topics-title" className="text-xl font-semibold">
        How can we help?
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {TOPICS.map((t) => (
          <li key={t.category}>
            <button
              type="button"
              aria-pressed={selected === t.category}
              onClick={() => onSelect(t.category)}
              className={`${card} block h-full w-full text-left hover:border-indigo-500 aria-pressed:border-indigo-400`}
            >
              {t.icon}
              <span className="mt-2 block font-semibold text-white">
                {CONTACT_CATEGORY_LABELS[t.category]}
              </span>
              <span className="mt-1 block text-sm text-slate-300">{t.text}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

const FAQS = [
  { q: 'How quickly will I hear back?', a: `Our team replies ${SUPPORT_REPLY_TIME}.` },
  {
    q: 'How many free generations do I get?',
    a: `${FREE_GENERATIONS_PER_MONTH} per month, one per room photo, no card required.`,
  },
  {
    q: 'What does Pro cost?',
    a: `${PRO_PRICE_LABEL} for ${PRO_BENEFITS_PHRASE}; cancel any time with ${MANAGE_SUBSCRIPTION} in Settings.`,
  },
  {
    q: 'Which photos can I upload?',
    a: `JPG, PNG and WebP photos up to ${UPLOAD_MAX_MB}MB, at least ${MIN_PHOTO_SHORT_EDGE} pixels on the shorter side.`,
  },
];

export function ContactFaq() {
  return (
    <section aria-labelledby="contact-faq-title" className={card}>
      <h2 id="contact-faq-title" className="text-lg font-semibold">
        Frequently asked questions
      </h2>
      <dl className="mt-3 space-y-3">
        {FAQS.map((f) => (
          <div key={f.q}>
            <dt className="font-medium text-white">{f.q}</dt>
            <dd className="text-slate-300">{f.a}</dd>
          </div>
        ))}
      </dl>
      <Link
        to="/help"
        className="mt-3 inline-flex min-h-11 items-center font-medium text-indigo-300 underline hover:text-indigo-200"
      >
        View All FAQs
      </Link>
    </section>
  );
}
