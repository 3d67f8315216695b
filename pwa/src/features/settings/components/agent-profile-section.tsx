import { EMPTY_AGENT_PROFILE, type AgentProfile } from '@shared/api';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { showConfirmation, showError } from '../../../components/toast';
import { useAgentProfile, useSaveAgentProfile } from '../api/agent-profile';
import { SETTINGS_TEXTS } from '../settings-texts';

const input =
  'mt-1 min-h-11 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100 focus:border-indigo-400 focus:outline-none';

/** What buyers see of the agent on shared pages: name, brokerage, phone, and the profile picture if chosen. */
export function AgentProfileSection() {
  const id = useId();
  const saved = useAgentProfile();
  const save = useSaveAgentProfile();
  const [draft, setDraft] = useState<AgentProfile>(EMPTY_AGENT_PROFILE);
  useEffect(() => {
    if (saved.data) setDraft(saved.data);
  }, [saved.data]);
  const text = (field: 'name' | 'brokerage' | 'phone', label: string, max: number, type = 'text') => (
    <label className="block text-sm text-slate-300">
      {label}
      <input
        type={type}
        value={draft[field]}
        maxLength={max}
        onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
        className={input}
      />
    </label>
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(draft, {
      onSuccess: () => void showConfirmation({ title: SETTINGS_TEXTS.agentSaved }),
      onError: (err) => showError(err.message, SETTINGS_TEXTS.saveFailed),
    });
  };
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-800 bg-slate-900 p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {SETTINGS_TEXTS.agentTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-400">{SETTINGS_TEXTS.agentHint}</p>
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
        {text('name', SETTINGS_TEXTS.agentName, 80)}
        {text('brokerage', SETTINGS_TEXTS.brokerage, 80)}
        {text('phone', SETTINGS_TEXTS.phone, 40, 'tel')}
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-300 sm:col-span-2">
          <input
            type="checkbox"
            checked={draft.showPhoto}
            onChange={(e) => setDraft({ ...draft, showPhoto: e.target.checked })}
            className="h-5 w-5"
          />
          {SETTINGS_TEXTS.showPhoto}
        </label>
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={save.isPending || !saved.data}
            className="min-h-11 rounded-lg bg-indigo-500 px-4 font-semibold text-white hover:bg-indigo-400 disabled:opacity-60"
          >
            {SETTINGS_TEXTS.saveAgent}
          </button>
        </div>
      </form>
    </section>
  );
}
