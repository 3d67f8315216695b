import { contactMessageSchema } from '@shared/api';
import { CONTACT_CATEGORIES, CONTACT_CATEGORY_LABELS, contactCategorySchema } from '@shared/domain';
import { useState, type FormEvent } from 'react';
import { showToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import {
  CONTACT_NOT_SENT_TITLE,
  CONTACT_QUEUED,
  CONTACT_SENT,
  useSendContactMessage,
} from '../api/send-contact-message';
import type { ContactDraft } from '../contact-draft';

export const CONTACT_FORM_ID = 'contact-form';
const SAVE_FAILED = 'Your message could not be sent or saved on this device. Please try again.';

const field =
  'mt-1 block w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2.5 text-slate-100 placeholder:text-slate-400 focus:border-indigo-400 focus:outline-none focus:ring-2 focus:ring-indigo-500/40';
const label = 'block text-sm font-medium text-slate-200';

interface Props {
  draft: ContactDraft;
  update: (patch: Partial<ContactDraft>) => void;
  reset: () => Promise<void>;
}

/** Required fields and the e-mail check are left to the browser (spec section 5). */
export function ContactForm({ draft, update, reset }: Props) {
  const send = useSendContactMessage();
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    const parsed = contactMessageSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the form.');
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: (outcome) => {
        void reset();
        showToast(outcome === 'sent' ? CONTACT_SENT : CONTACT_QUEUED);
      },
      onError: (err) => {
        const sentence = err instanceof ApiError ? err.message : SAVE_FAILED;
        setError(sentence);
        showToast({ title: CONTACT_NOT_SENT_TITLE, description: sentence, variant: 'destructive' });
      },
    });
  };

  return (
    <form
      id={CONTACT_FORM_ID}
      onSubmit={onSubmit}
      aria-labelledby="contact-form-title"
      className="scroll-mt-24 space-y-4"
    >
      <h2 id="contact-form-title" className="text-xl font-semibold">
        Send us a message
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className={label}>
            Name
          </label>
          <input
            id="contact-name"
            name="name"
            required
            autoComplete="name"
            maxLength={200}
            value={draft.name}
            onChange={(e) => update({ name: e.target.value })}
            className={field}
          />
        </div>
        <div>
          <label htmlFor="contact-email" className={label}>
            Email
          </label>
          <input
            id="contact-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            value={draft.email}
            onChange={(e) => update({ email: e.target.value })}
            className={field}
          />
        </div>
      </div>
      <div>
        <label htmlFor="contact-category" className={label}>
          Category
        </label>
        <select
          id="contact-category"
          name="category"
          value={draft.category}
          onChange={(e) => update({ category: contactCategorySchema.catch('general').parse(e.target.value) })}
          className={`${field} min-h-11`}
        >
          {CONTACT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CONTACT_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="contact-subject" className={label}>
          Subject
        </label>
        <input
          id="contact-subject"
          name="subject"
          required
          maxLength={300}
          value={draft.subject}
          onChange={(e) => update({ subject: e.target.value })}
          className={field}
        />
      </div>
      <div>
        <label htmlFor="contact-message" className={label}>
          Message
        </label>
        <textarea
          id="contact-message"
          name="message"
          required
          rows={5}
          maxLength={5000}
          value={draft.message}
          onChange={(e) => update({ message: e.target.value })}
          className={field}
        />
      </div>
      {error && (
        <p
          role="alert"
          className="rounded-lg border border-red-800 bg-red-950 px-3 py-2 text-sm text-red-100"
        >
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={send.isPending}
        className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-indigo-600 px-6 font-semibold text-white hover:bg-indigo-500 disabled:opacity-70 sm:w-auto"
      >
        {send.isPending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
