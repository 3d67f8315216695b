import type { Property, PropertyRoom } from '@shared/api';
import { PROPERTY_ROOMS_MAX } from '@shared/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { failureToast, showConfirmation, showError } from '../../../components/toast';
import { useOnline } from '../../../lib/use-online';
import { discardUpload, retryUpload, setQueuedRoomType, type QueuedRoom } from '../../../offline/uploads';
import { addRoomPhotos } from '../api/add-room-photos';
import { useDeleteRoom } from '../api/delete-room';
import { useUpdateProperty } from '../api/update-property';
import { useUpdateRoom } from '../api/update-room';
import { PROPERTY_TEXTS, deleteRoomText } from '../property-texts';
import { CaptureBar } from './capture-bar';
import { QueuedRoomRow } from './queued-room-row';
import { RoomRow } from './room-row';
import { card } from './styles';

const failed = failureToast;

/**
 * The property's rooms in order (the server's, then the photos still on this device), each editable,
 * and the camera flow that adds more.
 */
export function RoomsSection({
  property,
  onServer,
  queued,
  uploaded,
}: {
  property: Property;
  onServer: boolean;
  queued: readonly QueuedRoom[];
  uploaded: readonly QueuedRoom[];
}) {
  const online = useOnline();
  const updateRoom = useUpdateRoom(property.id);
  const reorder = useUpdateProperty(property.id);
  const removeRoom = useDeleteRoom(property.id);
  const [toDelete, setToDelete] = useState<PropertyRoom | null>(null);
  const rooms = property.rooms;
  const local = [
    ...uploaded.map((r) => ({ room: r, uploaded: true })),
    ...queued.map((r) => ({ room: r, uploaded: false })),
  ];
  const count = rooms.length + local.length;

  const move = (index: number, delta: -1 | 1) => {
    const order = rooms.map((r) => r.id);
    const [id] = order.splice(index, 1);
    if (!id) return;
    order.splice(index + delta, 0, id);
    reorder.mutate({ roomOrder: order }, { onError: failed(PROPERTY_TEXTS.moveFailed) });
  };
  const addPhotos = (files: File[]) =>
    addRoomPhotos(property, files).catch(() =>
      showError(PROPERTY_TEXTS.photoNotSavedText, PROPERTY_TEXTS.photoNotSaved),
    );
  const confirmDelete = () => {
    if (!toDelete) return;
    removeRoom.mutate(toDelete.id, {
      onSuccess: () => void showConfirmation({ title: PROPERTY_TEXTS.roomDeleted }),
      onError: failed(PROPERTY_TEXTS.deleteFailed),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <section aria-labelledby="rooms-title" className="space-y-3">
      <div className={card}>
        <h2 id="rooms-title" className="text-lg font-semibold">
          {PROPERTY_TEXTS.rooms}
        </h2>
        {count === 0 && <p className="mt-2 text-sm text-slate-400">{PROPERTY_TEXTS.noRooms}</p>}
        {count > 0 && (
          <ol aria-label={PROPERTY_TEXTS.rooms} className="mt-3 space-y-2">
            {rooms.map((room, i) => (
              <RoomRow
                key={room.id}
                room={room}
                first={i === 0}
                last={i === rooms.length - 1}
                busy={reorder.isPending || !onServer}
                onRoomType={(roomType) =>
                  updateRoom.mutate(
                    { roomId: room.id, roomType },
                    { onError: failed(PROPERTY_TEXTS.roomTypeFailed) },
                  )
                }
                onMove={(delta) => move(i, delta)}
                onDelete={() => setToDelete(room)}
              />
            ))}
            {local.map(({ room, uploaded: sent }, i) => (
              <QueuedRoomRow
                key={room.id}
                room={room}
                position={rooms.length + i + 1}
                online={online}
                uploaded={sent}
                onRoomType={(roomType) => void setQueuedRoomType(room.id, roomType)}
                onRetry={() => void retryUpload(room.id)}
                onDiscard={() => void discardUpload(room.id)}
              />
            ))}
          </ol>
        )}
      </div>
      <CaptureBar nextPosition={count + 1} full={count >= PROPERTY_ROOMS_MAX} onPhotos={addPhotos} />
      <ConfirmDialog
        title={PROPERTY_TEXTS.deleteRoomTitle}
        description={toDelete ? deleteRoomText(toDelete.position, toDelete.roomType) : ''}
        confirmLabel={PROPERTY_TEXTS.deleteRoom}
        busyLabel={PROPERTY_TEXTS.deleting}
        open={toDelete !== null}
        busy={removeRoom.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
