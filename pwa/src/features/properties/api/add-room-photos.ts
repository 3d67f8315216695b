import type { RoomType } from '@shared/domain';
import { resizeForUpload } from '../../../lib/resize-image';
import { readLocalSettings } from '../../../offline/settings';
import { enqueueRoomPhoto, uploadAccount, type UploadRecord } from '../../../offline/uploads';

/**
 * Keeps each photo (resized as every upload is) in the upload queue, tagged with its property and a room
 * id made here, in the order given; the queue sends them oldest first, now or once the connection is
 * back, and the server makes each room once. With no room type given, the default room type from
 * Settings goes along: the server keeps it when it cannot tell the room (not 'Other'), as the workspace does.
 */
export async function addRoomPhotos(
  property: { id: string; name: string },
  files: readonly File[],
  roomType: RoomType | null = null,
): Promise<UploadRecord[]> {
  const owner = uploadAccount() ?? null;
  const fallback = roomType ?? (await readLocalSettings().catch(() => null))?.defaultRoomType ?? null;
  const queued: UploadRecord[] = [];
  for (const file of files) {
    const image = await resizeForUpload(file);
    queued.push(
      await enqueueRoomPhoto({
        propertyId: property.id,
        propertyName: property.name,
        roomType: fallback,
        file: image,
        fileName: file.name || 'photo.jpg',
        owner,
      }),
    );
  }
  return queued;
}
