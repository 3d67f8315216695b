import type { PublicAgent } from '@shared/api';

export const AGENT_CARD_LABEL = 'Listing agent';

/** The sharing agent as a buyer sees them: photo or logo, name, brokerage and a phone number to call. */
export function AgentCard({ agent }: { agent: PublicAgent }) {
  if (!agent) return null;
  return (
    <section
      aria-label={AGENT_CARD_LABEL}
      className="flex items-center gap-3 rounded-xl border border-slate-800 bg-slate-900 p-3"
    >
      {agent.photoUrl && (
        <img
          src={agent.photoUrl}
          alt={agent.name ? `${agent.name}, photo or logo` : 'Agent photo or logo'}
          width={56}
          height={56}
          className="h-14 w-14 shrink-0 rounded-full bg-slate-800 object-cover"
        />
      )}
      <div className="min-w-0 text-sm">
        {agent.name && <p className="font-semibold break-words text-slate-100">{agent.name}</p>}
        {agent.brokerage && <p className="break-words text-slate-300">{agent.brokerage}</p>}
        {agent.phone && (
          <a
            href={`tel:${agent.phone.replace(/[^\d+]/g, '')}`}
            className="inline-flex min-h-11 items-center font-medium text-indigo-300 hover:underline"
          >
            {agent.phone}
          </a>
        )}
      </div>
    </section>
  );
}
