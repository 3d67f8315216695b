import { Link, useParams } from 'react-router-dom';
import { FullScreenSpinner } from '../../../components/full-screen-spinner';
import { PROPERTIES_HOME } from '../../../lib/app-paths';
import { useCurrentUser } from '../../../lib/auth';
import { useLimits } from '../../../lib/limits';
import { usePageMeta } from '../../../lib/use-page-meta';
import { PaywallModal } from '../../../components/paywall';
import { usePropertyView } from '../hooks/use-property-view';
import { PROPERTY_TEXTS, roomCount } from '../property-texts';
import { DeleteProperty } from './delete-property';
import { DetailsForm } from './details-form';
import { HandOver } from './hand-over';
import { LocalNotice } from './local-notice';
import { RoomResults } from './room-results';
import { RoomsSection } from './rooms-section';
import { StagePanel } from './stage-panel';
import { button } from './styles';

const DESCRIPTION = "A property's rooms: capture, stage in one style, hand over.";

function Message({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-10 text-center">
      <p role="alert" className="text-slate-200">
        {text}
      </p>
      <div className="mt-4 flex justify-center gap-2">
        {onRetry && (
          <button type="button" onClick={onRetry} className={button}>
            {PROPERTY_TEXTS.tryAgain}
          </button>
        )}
        <Link to={PROPERTIES_HOME} className={button}>
          {PROPERTY_TEXTS.back}
        </Link>
      </div>
    </main>
  );
}

/** `/properties/{id}`: one property, from capture at the viewing to staging and hand-over. */
export function PropertyPage() {
  const { id = '' } = useParams();
  const view = usePropertyView(id);
  const { data: user } = useCurrentUser();
  const limits = useLimits(Boolean(user));
  const property = view.property;
  usePageMeta(property?.name ?? PROPERTY_TEXTS.title, DESCRIPTION);

  if (view.loading) return <FullScreenSpinner />;
  if (view.notFound) return <Message text={PROPERTY_TEXTS.notFound} />;
  if (view.notOnDevice) return <Message text={PROPERTY_TEXTS.notOnDevice} />;
  if (!property)
    return <Message text={view.error?.message ?? PROPERTY_TEXTS.loadFailed} onRetry={view.refetch} />;

  const rooms = property.rooms.length + view.queuedRooms.length;
  const facts = [property.listingNumber, roomCount(rooms)].filter(Boolean).join(' · ');
  return (
    <main className="mx-auto max-w-7xl space-y-4 px-3 py-4 sm:px-4 sm:py-6">
      <Link
        to={PROPERTIES_HOME}
        className="-ml-2 inline-flex min-h-11 items-center rounded-lg px-2 text-sm text-slate-300 hover:bg-slate-800 hover:text-white"
      >
        <span aria-hidden="true">←&nbsp;</span>
        {PROPERTY_TEXTS.back}
      </Link>
      <div>
        <h1 className="text-2xl font-bold tracking-tight break-words">{property.name}</h1>
        <p className="mt-1 text-sm text-slate-400">{facts}</p>
      </div>
      {view.local && <LocalNotice id={property.id} local={view.local} />}
      <div className="grid gap-4 lg:grid-cols-2 lg:gap-6">
        <div className="space-y-4">
          <RoomsSection
            property={property}
            onServer={view.onServer}
            queued={view.queuedRooms}
            uploaded={view.uploaded}
          />
          <DetailsForm
            key={`${property.id}-${property.updatedAt}`}
            property={property}
            onServer={view.onServer}
          />
        </div>
        {view.onServer && (
          <div className="space-y-4">
            <StagePanel property={property} uploading={view.queuedRooms.length > 0} />
            <HandOver property={property} />
          </div>
        )}
      </div>
      <RoomResults property={property} />
      <DeleteProperty property={property} onServer={view.onServer} rooms={rooms} />
      <PaywallModal limits={limits.data} />
    </main>
  );
}
