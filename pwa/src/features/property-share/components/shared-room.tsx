import type { PublicProperty } from '@shared/api';
import { shareLabel, shareNotice } from '@shared/domain';
import { useEffect, useRef } from 'react';
import { ComparisonPanel } from '../../../components/comparison';
import { roomName, roomTitle } from '../../../lib/room-names';
import { StagedNotice, sharedLinkClass } from '../../../components/shared-page';
import { PROPERTY_SHARE_TEXTS } from '../property-share-texts';

type Room = PublicProperty['rooms'][number];

/**
 * One staged room of a shared property: its before/after slider and a link to its original. Opened from
 * the QR code of its listing photo, it comes into view on the whole unedited original.
 */
export function SharedRoom({ room, original }: { room: Room; original: boolean }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (original) ref.current?.scrollIntoView({ block: 'start' });
  }, [original]);
  const label = shareLabel(room.engine, room.concept);
  return (
    <section
      ref={ref}
      id={`room-${room.position}`}
      aria-label={roomName(room.position)}
      className="scroll-mt-4 space-y-2"
    >
      {original && (
        <StagedNotice label={label} text={shareNotice('stage', 'original', room.engine, room.concept)} />
      )}
      <ComparisonPanel
        beforeUrl={room.originalImageUrl}
        afterUrl={room.stagedImageUrl}
        projectName={roomTitle(room.position, room.roomType, room.name)}
        imageWidth={room.width}
        imageHeight={room.height}
        loading={original || room.position === 1 ? 'eager' : 'lazy'}
        initialSplit={original ? 100 : 50}
        titleAs="h2"
        badge={
          <span className="rounded-full border border-amber-400/60 bg-amber-400/10 px-2 py-0.5 text-xs font-semibold text-amber-200">
            {label}
          </span>
        }
      />
      <a
        href={room.originalImageUrl}
        target="_blank"
        rel="noopener"
        aria-label={`${PROPERTY_SHARE_TEXTS.openOriginal}: ${roomName(room.position)}`}
        className={sharedLinkClass}
      >
        {PROPERTY_SHARE_TEXTS.openOriginal}
      </a>
    </section>
  );
}
