import { API_SCOPES, type ApiScope, type CreatedApiKey } from '@shared/api';
import { useState, type FormEvent } from 'react';
import { showError } from '../../../components/toast';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { API_KEY_TEXTS as T } from '../settings-texts';
import { SecretShownOnce } from './secret-shown-once';
import { WebhooksPart } from './webhooks-part';
import { CheckboxGroup } from './checkbox-group';

const field = 'min-h-11 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100';
const button = 'min-h-11 rounded-lg px-4 font-semibold';

export function ApiKeysSection() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['projects:read', 'staging']);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name, scopes },
      {
        onSuccess: (made) => {
          setCreated(made);
          setName('');
        },
        onError: (err) => showError(err instanceof Error ? err.message : undefined, T.createFailed),
      },
    );
  };

  return (
    <section aria-labelledby="api-heading" className="rounded-2xl border border-slate-800 bg-slate-900 p-6">
      <h2 id="api-heading" className="text-lg font-semibold">
        {T.title}
      </h2>
      <p className="mt-1 text-sm text-slate-300">
        {T.hint}{' '}
        <a href="/api-docs" className="text-indigo-300 underline">
          {T.docsLink}
        </a>
      </p>
      <form onSubmit={submit} className="mt-4 space-y-3">
        <label htmlFor="api-key-name" className="block text-sm text-slate-300">
          {T.nameLabel}
        </label>
        <input
          id="api-key-name"
          className={field}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
        />
        <CheckboxGroup
          legend={T.scopesLegend}
          options={API_SCOPES}
          labels={T.scopes}
          checked={scopes}
          onChange={setScopes}
        />
        <button type="submit" disabled={create.isPending} className={`${button} bg-indigo-600 text-white`}>
          {T.create}
        </button>
      </form>
      {created && (
        <SecretShownOnce
          secret={created.secret}
          texts={T}
          testId="new-api-key"
          onDone={() => setCreated(null)}
        />
      )}
      <ul aria-label="API keys" className="mt-4 divide-y divide-slate-800">
        {keys.data?.keys.length === 0 && <li className="py-2 text-sm text-slate-400">{T.none}</li>}
        {keys.data?.keys.map((k) => (
          <li key={k.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="min-w-0">
              <p className="font-medium">
                {k.name} <code className="font-mono text-xs text-slate-400">{k.prefix}…</code>
              </p>
              <p className="text-xs text-slate-400">
                {k.scopes.map((s) => T.scopes[s]).join(', ')} · {T.lastUsed(k.lastUsedAt)} ·{' '}
                {T.callsThisMonth(k.callsThisMonth)} · {T.creditsThisMonth(k.creditsThisMonth)}
              </p>
            </div>
            {k.revokedAt ? (
              <span className="text-sm text-slate-400">{T.revoked}</span>
            ) : (
              <button
                type="button"
                aria-label={`${T.revoke} ${k.name}`}
                className={`${button} border border-red-800 text-red-300`}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(k.id, { onError: () => showError(undefined, T.revokeFailed) })}
              >
                {T.revoke}
              </button>
            )}
          </li>
        ))}
      </ul>
      <WebhooksPart />
    </section>
  );
}
