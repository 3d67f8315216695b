import {
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  contactMessageSchema,
} from '@shared/api';
import { CONTACT_CATEGORIES, CONTACT_CATEGORY_LABELS, contactCategorySchema } from '@shared/domain';
import { useState, type FormEvent } from 'react';
import { CharacterCount, FieldError, useFieldErrors } from '../../../components/form';
import { showConfirmation, showError, showNotice } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { useSendContactMessage } from '../api/send-contact-message';
import { CONTACT_TOASTS } from '../contact-texts';
import type { ContactDraft } from '../contact-draft';

export const CONTACT_FORM_ID = 'contact-form';
const FIELDS = ['name', 'email', 'subject', 'message'] as const;
const field =
  'mt-1 block w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2.5 text-slate-100 placeholder:text-slate-400 focus:border-indigo-400 focus:outline-none focus:ring-2 focus:ring-indigo-500/40 aria-[invalid=true]:border-red-400';
const label = 'block text-sm font-medium text-slate-200';
const MESSAGE_COUNT_ID = 'contact-message-count';

interface Props {
  draft: ContactDraft;
  update: (patch: Partial<ContactDraft>) => void;
  reset: () => Promise<void>;
}

/**
 * Empty required fields and a malformed address are the browser's to refuse (its own bubbles, no custom
 * texts); what it lets through is checked against the API's schema, each message under its field.
 */
export function ContactForm({ draft, update, reset }: Props) {
  const send = useSendContactMessage();
  const [error, setError] = useState<string | null>(null);
  const form = useFieldErrors({
    schema: contactMessageSchema,
    values: draft,
    fields: FIELDS,
    idPrefix: 'contact',
  });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    const message = form.submit();
    if (!message) return;
    send.mutate(message, {
      onSuccess: (outcome) => {
        form.reset();
        void reset();
        // Sent is a confirmation; saved for later is a notice: the message has not left yet.
        if (outcome === 'sent') void showConfirmation(CONTACT_TOASTS.sent);
        else showNotice(CONTACT_TOASTS.queued);
      },
      onError: (err) => {
        const sentence = err instanceof ApiError ? err.message : CONTACT_TOASTS.notSaved;
        setError(sentence);
        showError(sentence, CONTACT_TOASTS.notSent);
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
            {...form.control('name')}
            required
            autoComplete="name"
            maxLength={CONTACT_NAME_MAX}
            value={draft.name}
            onChange={(e) => update({ name: e.target.value })}
            className={field}
          />
          <FieldError id={form.errorId('name')} message={form.error('name')} />
        </div>
        <div>
          <label htmlFor="contact-email" className={label}>
            Email
          </label>
          <input
            {...form.control('email')}
            type="email"
            required
            autoComplete="email"
            value={draft.email}
            onChange={(e) => update({ email: e.target.value })}
            className={field}
          />
          <FieldError id={form.errorId('email')} message={form.error('email')} />
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
          {...form.control('subject')}
          required
          maxLength={CONTACT_SUBJECT_MAX}
          value={draft.subject}
          onChange={(e) => update({ subject: e.target.value })}
          className={field}
        />
        <FieldError id={form.errorId('subject')} message={form.error('subject')} />
      </div>
      <div>
        <label htmlFor="contact-message" className={label}>
          Message
        </label>
        <textarea
          {...form.control('message', MESSAGE_COUNT_ID)}
          required
          rows={5}
          maxLength={CONTACT_MESSAGE_MAX}
          value={draft.message}
          onChange={(e) => update({ message: e.target.value })}
          className={field}
        />
        <FieldError id={form.errorId('message')} message={form.error('message')} />
        <CharacterCount id={MESSAGE_COUNT_ID} used={draft.message.length} max={CONTACT_MESSAGE_MAX} />
      </div>
      {(error ?? form.formError) && (
        <p
          role="alert"
          className="rounded-lg border border-red-800 bg-red-950 px-3 py-2 text-sm text-red-100"
        >
          {error ?? form.formError}
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
