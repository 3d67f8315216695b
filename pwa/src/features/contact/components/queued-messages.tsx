import { contactMessageSchema } from '@shared/api';
import { useState } from 'react';
import { discardOutboxItem, flushOutbox, takeOutboxItem, type OutboxRecord } from '../../../offline/outbox';
import type { ContactDraft } from '../contact-draft';
import { useQueuedContactMessages } from '../hooks/use-queued-contact-messages';

const subjectOf = (r: OutboxRecord): string => {
  const parsed = contactMessageSchema.safeParse(r.body);
  return parsed.success ? parsed.data.subject : 'Message';
};

const smallButton =
  'inline-flex min-h-11 items-center rounded-lg border border-slate-600 px-4 text-sm font-medium text-slate-100 hover:bg-slate-800 disabled:opacity-60';

/** Messages kept on this device: waiting for a connection, or refused by the server and needing an edit. */
export function QueuedMessages({ onEdit }: { onEdit: (draft: ContactDraft) => void }) {
  const items = useQueuedContactMessages();
  const [trying, setTrying] = useState(false);
  const pending = items.filter((i) => i.status === 'pending');
  const failed = items.filter((i) => i.status === 'failed');
  if (items.length === 0) return null;

  const tryNow = () => {
    setTrying(true);
    flushOutbox({ ignoreBackoff: true })
      .catch(() => undefined)
      .finally(() => setTrying(false));
  };
  const edit = async (id: string) => {
    const record = await takeOutboxItem(id);
    const parsed = contactMessageSchema.safeParse(record?.body);
    if (parsed.success) onEdit(parsed.data);
  };

  return (
    <section
      aria-labelledby="queued-title"
      className="rounded-2xl border border-amber-700 bg-amber-950/40 p-5"
    >
      <h2 id="queued-title" className="font-semibold text-amber-100">
        Messages waiting on this device
      </h2>
      {pending.length > 0 && (
        <div className="mt-2 text-amber-50">
          <p>
            {pending.length === 1 ? '1 message is' : `${pending.length} messages are`} waiting to be sent.
            They will be sent automatically when you're back online.
          </p>
          <button type="button" className={`${smallButton} mt-3`} onClick={tryNow} disabled={trying}>
            {trying ? 'Trying...' : 'Try again now'}
          </button>
        </div>
      )}
      {failed.length > 0 && (
        <ul className="mt-3 space-y-3">
          {failed.map((f) => (
            <li key={f.id} className="rounded-xl border border-red-900 bg-slate-950 p-4">
              <p className="font-medium text-white">“{subjectOf(f)}” was not sent</p>
              <p className="mt-1 text-sm text-red-200">{f.lastError}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <button type="button" className={smallButton} onClick={() => void edit(f.id)}>
                  Edit and resend
                </button>
                <button type="button" className={smallButton} onClick={() => void discardOutboxItem(f.id)}>
                  Discard
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
