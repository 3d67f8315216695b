import { WEBHOOK_EVENTS, type CreatedWebhook, type WebhookEvent } from '@shared/api';
import { useState, type FormEvent } from 'react';
import { useCreateWebhook } from '../api/create-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { WEBHOOK_TEXTS as T } from '../settings-texts';
import { SecretShownOnce } from './secret-shown-once';
import { WebhookRow } from './webhook-row';
import { CheckboxGroup } from './checkbox-group';

const field = 'min-h-11 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100';
const button = 'min-h-11 rounded-lg px-4 font-semibold';

/** Settings → API → Webhooks: add an https endpoint (its secret shown once), list, inspect, replay, remove. */
export function WebhooksPart() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['project.finished', 'project.failed']);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (made) => {
          setCreated(made);
          setUrl('');
        },
        // The server's sentence says what is wrong (not https, a private address, too many).
        onError: (err) => setError(err instanceof Error && err.message ? err.message : T.addFailed),
      },
    );
  };

  return (
    <div className="mt-6 border-t border-slate-800 pt-6">
      <h3 id="webhooks-heading" className="text-base font-semibold">
        {T.title}
      </h3>
      <p className="mt-1 text-sm text-slate-300">{T.hint}</p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-3">
        <label htmlFor="webhook-url" className="block text-sm text-slate-300">
          {T.urlLabel}
        </label>
        <input
          id="webhook-url"
          type="url"
          inputMode="url"
          className={field}
          value={url}
          maxLength={2048}
          placeholder={T.urlPlaceholder}
          aria-invalid={error !== null}
          aria-describedby={error ? 'webhook-error' : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
        <CheckboxGroup
          legend={T.eventsLegend}
          options={WEBHOOK_EVENTS}
          labels={T.events}
          checked={events}
          onChange={setEvents}
        />
        {error && (
          <p id="webhook-error" role="alert" className="text-sm text-red-300">
            {error}
          </p>
        )}
        <button type="submit" disabled={create.isPending} className={`${button} bg-indigo-600 text-white`}>
          {T.add}
        </button>
      </form>
      {created && (
        <SecretShownOnce
          secret={created.secret}
          texts={T}
          testId="new-webhook-secret"
          onDone={() => setCreated(null)}
        />
      )}
      <ul aria-label={T.listLabel} className="mt-4 divide-y divide-slate-800">
        {webhooks.data?.webhooks.length === 0 && <li className="py-2 text-sm text-slate-400">{T.none}</li>}
        {webhooks.data?.webhooks.map((w) => (
          <WebhookRow key={w.id} webhook={w} />
        ))}
      </ul>
    </div>
  );
}
