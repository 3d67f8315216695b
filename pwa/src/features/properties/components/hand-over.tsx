import type { Property } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { HandoverRecord } from '../../../components/handover-record';
import { StrokeIcon } from '../../../components/stroke-icon';
import { usePropertyDownload } from '../hooks/use-property-download';
import { PROPERTY_TEXTS } from '../property-texts';
import { MlsChoice } from './mls-choice';
import { PropertyShareCard } from './property-share-card';
import { button, card } from './styles';

/** Handing the listing over: the ZIP for the MLS, the buyer link. */
export function HandOver({ property }: { property: Property }) {
  const zip = usePropertyDownload(property);
  const ready = property.rooms.some((r) => r.project?.status === 'completed');
  return (
    <div className="space-y-4">
      <section aria-labelledby="hand-over-title" className={card}>
        <h2 id="hand-over-title" className="text-lg font-semibold">
          {PROPERTY_TEXTS.handOverTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-300">
          {ready ? PROPERTY_TEXTS.zipHint : PROPERTY_TEXTS.zipNeedsStaging}
        </p>
        <button
          type="button"
          onClick={zip.download}
          disabled={!ready || zip.saving}
          className={`${button} mt-3 border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-500`}
        >
          <StrokeIcon size={18}>
            <path d="M12 4v11m0 0l-4-4m4 4l4-4M5 20h14" strokeLinecap="round" strokeLinejoin="round" />
          </StrokeIcon>
          {zip.saving ? PROPERTY_TEXTS.downloading : PROPERTY_TEXTS.downloadZip}
        </button>
        <MlsChoice property={property} />
        <HandoverRecord
          path={apiPath('propertyHandovers', { id: property.id })}
          packet={{
            pdf: apiPath('propertyAuditPacketPdf', { id: property.id }),
            json: apiPath('propertyAuditPacket', { id: property.id }),
          }}
        />
      </section>
      <PropertyShareCard property={property} />
      <ConfirmDialog {...zip.confirmFlagged} />
      <ConfirmDialog {...zip.confirm} />
    </div>
  );
}
