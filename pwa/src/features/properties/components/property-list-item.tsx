import { Link } from 'react-router-dom';
import { propertyPagePath } from '../../../lib/app-paths';
import { photoCount } from '../../../offline/uploads';
import type { PropertyListEntry } from '../hooks/use-property-list';
import { PROPERTY_TEXTS, roomCount } from '../property-texts';
import { PropertyCover } from './property-cover';

/** One property in the list: cover, name, listing number, rooms (and photos still on the device). */
export function PropertyListItem({ entry }: { entry: PropertyListEntry }) {
  const { property: p, local, waitingPhotos } = entry;
  const rooms = local ? 0 : p.roomCount;
  const facts = [roomCount(rooms)];
  if (waitingPhotos > 0) facts.push(`${photoCount(waitingPhotos)} waiting`);
  return (
    <li>
      <Link
        to={propertyPagePath(p.id)}
        className="grid min-h-16 grid-cols-[4rem_minmax(0,1fr)] items-center gap-3 rounded-xl bg-slate-950/60 p-2 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-400"
      >
        <PropertyCover url={p.coverThumbnailUrl} />
        <span className="min-w-0">
          <span className="block font-medium wrap-break-word">{p.name}</span>
          <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-400">
            {p.listingNumber && <span>{p.listingNumber}</span>}
            <span>{facts.join(' · ')}</span>
            {local && (
              <span
                className={`rounded-full px-2 py-0.5 ${local.status === 'failed' ? 'bg-red-500/20 text-red-200' : 'bg-amber-400/15 text-amber-200'}`}
              >
                {local.status === 'failed' ? PROPERTY_TEXTS.notSaved : PROPERTY_TEXTS.savedOnDevice}
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
