import { useQuery } from '@tanstack/react-query';
import { handoverListSchema } from '@shared/api';
import { ALTERATION_CLASSES, mlsProfile, type AlterationClass } from '@shared/domain';
import { useState } from 'react';
import { apiJson } from '../lib/api-client';

export const HANDOVER_RECORD_TEXTS = {
  title: 'Hand-over record',
  empty: 'Nothing downloaded yet.',
  times: (count: number) => (count > 1 ? ` · ${count} times that day` : ''),
  auditPdf: 'Audit packet (PDF)',
  auditJson: 'Audit packet (JSON)',
  auditHint:
    'For an MLS compliance desk: every published file with its SHA-256 and its original’s, the label and caption, the rule followed and the dates.',
} as const;

const packetLink =
  'inline-flex min-h-11 items-center rounded-lg border border-slate-700 px-3 text-sm font-medium text-slate-100 hover:bg-slate-800';

const alterationLabel = (cls: string) => ALTERATION_CLASSES[cls as AlterationClass]?.label ?? 'Not altered';

/**
 * Every altered photo of a project or property handed over (`path`: its `/handovers`): what it came
 * from, what made it, the rules, who and when. Read when opened. `packet`: its audit packet, one click.
 */
export function HandoverRecord({ path, packet }: { path: string; packet: { pdf: string; json: string } }) {
  const [open, setOpen] = useState(false);
  const records = useQuery({
    queryKey: [path],
    queryFn: () => apiJson(path, handoverListSchema),
    enabled: open,
    staleTime: 0,
  });
  return (
    <>
      <div className="mt-3 space-y-1">
        <p className="text-xs text-slate-400">{HANDOVER_RECORD_TEXTS.auditHint}</p>
        <div className="flex flex-wrap gap-2">
          <a href={packet.pdf} download className={packetLink}>
            {HANDOVER_RECORD_TEXTS.auditPdf}
          </a>
          <a href={packet.json} download className={packetLink}>
            {HANDOVER_RECORD_TEXTS.auditJson}
          </a>
        </div>
      </div>
      <details className="mt-3 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="min-h-11 cursor-pointer py-2 text-slate-200">
          {HANDOVER_RECORD_TEXTS.title}
        </summary>
        {records.data?.length === 0 && <p className="text-slate-400">{HANDOVER_RECORD_TEXTS.empty}</p>}
        <ul className="space-y-2">
          {records.data?.map((r, i) => (
            <li
              key={`${r.lastAt}-${i}`}
              className="rounded-lg border border-slate-800 p-2 break-words text-slate-300"
            >
              {new Date(r.lastAt).toLocaleString()}
              {HANDOVER_RECORD_TEXTS.times(r.count)} · {r.downloadedBy} · {mlsProfile(r.mlsProfile).name} ·{' '}
              {r.variant} · {alterationLabel(r.alteration)} · {r.engine}
              {r.model ? ` (${r.model})` : ''} · structure {r.structure}
              {r.prompt ? ` · prompt “${r.prompt}”` : ''}
              <br />
              <span className="font-mono text-xs">original SHA-256 {r.originalSha256}</span>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}
