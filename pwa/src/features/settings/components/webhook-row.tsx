import type { Webhook, WebhookDelivery } from '@shared/api';
import { useState } from 'react';
import { failureToast } from '../../../components/toast';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery';
import { WEBHOOK_TEXTS as T } from '../settings-texts';

const button = 'min-h-11 rounded-lg px-4 font-semibold';

const when = (d: WebhookDelivery) => new Date(d.createdAt).toLocaleString();
const outcome = (d: WebhookDelivery) => `${T.status[d.status]} (${T.answer(d.lastStatus, d.lastError)})`;

function Deliveries({ webhook, deliveries }: { webhook: Webhook; deliveries: WebhookDelivery[] }) {
  const replay = useReplayWebhookDelivery(webhook.id);
  if (deliveries.length === 0) return <p className="mt-2 text-sm text-slate-400">{T.noDeliveries}</p>;
  return (
    <ul aria-label={T.deliveriesLabel(webhook.url)} className="mt-2 space-y-1">
      {deliveries.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span>
            {T.events[d.event]} · {when(d)} · {outcome(d)}
          </span>
          <button
            type="button"
            aria-label={T.replayLabel(T.events[d.event], when(d))}
            className={`${button} border border-slate-600`}
            disabled={replay.isPending}
            onClick={() => replay.mutate(d.id, { onError: failureToast(T.replayFailed) })}
          >
            {T.replay}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** One endpoint: its events and last delivery's status; its recent deliveries on demand. */
export function WebhookRow({ webhook }: { webhook: Webhook }) {
  const deliveries = useWebhookDeliveries(webhook.id);
  const remove = useDeleteWebhook();
  const [open, setOpen] = useState(false);
  const last = deliveries.data?.deliveries[0];
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="break-all font-medium">{webhook.url}</p>
          <p className="text-xs text-slate-400">
            {webhook.events.map((e) => T.events[e]).join(', ')} ·{' '}
            {last
              ? T.lastDelivery(T.status[last.status], T.answer(last.lastStatus, last.lastError))
              : T.noDeliveries}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            aria-expanded={open}
            className={`${button} border border-slate-600`}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? T.hideDeliveries : T.showDeliveries}
          </button>
          <button
            type="button"
            aria-label={`${T.remove} ${webhook.url}`}
            className={`${button} border border-red-800 text-red-300`}
            disabled={remove.isPending}
            onClick={() => remove.mutate(webhook.id, { onError: failureToast(T.removeFailed) })}
          >
            {T.remove}
          </button>
        </div>
      </div>
      {open && deliveries.data && <Deliveries webhook={webhook} deliveries={deliveries.data.deliveries} />}
    </li>
  );
}
