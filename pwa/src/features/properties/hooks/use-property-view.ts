import { useQueryClient } from '@tanstack/react-query';
import type { Property, PropertySummary } from '@shared/api';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { propertyListQueryKey } from '../../../lib/property-query-keys';
import { subscribeUploadEvents, type QueuedProperty, type QueuedRoom } from '../../../offline/uploads';
import { usePropertiesFollowQueue } from '../api/get-properties';
import { useProperty } from '../api/get-property';
import { localSummary } from './use-property-list';
import { usePropertyQueue } from './use-property-queue';

export interface PropertyView {
  /** The server's property; else the copy kept here (made offline, or listed before going offline). */
  property: Property | null;
  /** The server has it (or had it when the list was last read): it can be staged, shared, edited there. */
  onServer: boolean;
  /** Made here and not on the server yet: waiting, or refused with the server's sentence. */
  local: Pick<QueuedProperty, 'status' | 'lastError'> | null;
  /** Its photos still on this device, oldest first. */
  queuedRooms: QueuedRoom[];
  /** Photos the server has just taken that its next answer will list as rooms. */
  uploaded: QueuedRoom[];
  loading: boolean;
  notFound: boolean;
  /** Offline, and nothing of it is kept here (never opened, nor listed, on this device). */
  notOnDevice: boolean;
  error: Error | null;
  refetch: () => void;
}

/**
 * Photos that left the queue for this property, kept on screen as 'Uploaded' until the property's rooms
 * list them (the queue forgets them a moment before the server's answer arrives).
 */
function useUploaded(propertyId: string, queued: readonly QueuedRoom[], property: Property | undefined) {
  const seen = useRef(new Map<string, QueuedRoom>());
  for (const r of queued) seen.current.set(r.id, r);
  const [uploaded, setUploaded] = useState<QueuedRoom[]>([]);
  useEffect(
    () =>
      subscribeUploadEvents((e) => {
        const room = e.type === 'saved' && e.propertyId === propertyId ? seen.current.get(e.id) : undefined;
        if (room) setUploaded((list) => [...list.filter((r) => r.id !== room.id), room]);
      }),
    [propertyId],
  );
  const rooms = new Set(property?.rooms.map((r) => r.id));
  const waiting = new Set(queued.map((r) => r.id));
  return uploaded.filter((r) => !rooms.has(r.id) && !waiting.has(r.id));
}

/** The property screen's data: the server's property, what waits on this device, and the two together. */
export function usePropertyView(id: string): PropertyView {
  usePropertiesFollowQueue();
  const queryClient = useQueryClient();
  const detail = useProperty(id);
  const queue = usePropertyQueue();
  const queuedProperty = queue.properties.find((p) => p.id === id) ?? null;
  const queuedRooms = queue.rooms.filter((r) => r.propertyId === id);
  const uploaded = useUploaded(id, queuedRooms, detail.data);
  const listed = queryClient.getQueryData<PropertySummary[]>(propertyListQueryKey)?.find((p) => p.id === id);

  const gone = detail.error instanceof ApiError && detail.error.status === 404;
  let property: Property | null = detail.data ?? null;
  if (!property && queuedProperty) property = { ...localSummary(queuedProperty, queuedRooms), rooms: [] };
  else if (!property && listed && !gone) property = { ...listed, rooms: [] };

  return {
    property,
    onServer: Boolean(detail.data) || (Boolean(listed) && !gone),
    local: queuedProperty && !detail.data ? queuedProperty : null,
    queuedRooms,
    uploaded,
    loading: detail.isPending && detail.fetchStatus !== 'paused' && !property,
    notFound: gone && !queuedProperty,
    notOnDevice: detail.fetchStatus === 'paused' && !property,
    error: property ? null : detail.error,
    refetch: () => void detail.refetch(),
  };
}
