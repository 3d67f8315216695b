import { useQuery } from '@tanstack/react-query';
import { handoverListSchema } from '@shared/api';
import { ALTERATION_CLASSES, mlsProfile, type AlterationClass } from '@shared/domain';
import { useState } from 'react';
import { apiJson } from '../../../lib/api-client';
import { propertyQueryKey } from '../../../lib/property-query-keys';
import { propertyPath } from '../api/get-property';
import { PROPERTY_TEXTS } from '../property-texts';

const alterationLabel = (cls: string) => ALTERATION_CLASSES[cls as AlterationClass]?.label ?? 'Not altered';

/** Every altered photo handed over: what it came from, what made it, the rules, who and when (read when opened). */
export function HandoverRecord({ propertyId }: { propertyId: string }) {
  const [open, setOpen] = useState(false);
  const records = useQuery({
    queryKey: [...propertyQueryKey(propertyId), 'handovers'],
    queryFn: () => apiJson(`${propertyPath(propertyId)}/handovers`, handoverListSchema),
    enabled: open,
    staleTime: 0,
  });
  return (
    <details className="mt-3 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="min-h-11 cursor-pointer py-2 text-slate-200">{PROPERTY_TEXTS.recordTitle}</summary>
      {records.data?.length === 0 && <p className="text-slate-400">{PROPERTY_TEXTS.recordEmpty}</p>}
      <ul className="space-y-2">
        {records.data?.map((r, i) => (
          <li
            key={`${r.at}-${i}`}
            className="rounded-lg border border-slate-800 p-2 break-words text-slate-300"
          >
            {new Date(r.at).toLocaleString()} · {r.downloadedBy} · {mlsProfile(r.mlsProfile).name} ·{' '}
            {r.variant} · {alterationLabel(r.alteration)} · {r.engine}
            {r.model ? ` (${r.model})` : ''} · structure {r.structure}
            {r.prompt ? ` · prompt “${r.prompt}”` : ''}
            <br />
            <span className="font-mono text-xs">original SHA-256 {r.originalSha256}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
