import type { RoomType } from '@shared/domain';
import { resizeForUpload } from '../../../lib/resize-image';
import { enqueueRoomPhoto, uploadAccount, type UploadRecord } from '../../../offline/uploads';

/**
 * Keeps each photo (resized as every upload is) in the upload queue, tagged with its property and a room
 * id made here, in the order given; the queue sends them oldest first, now or once the connection is
 * back, and the server makes each room once.
 */
export async function addRoomPhotos(
  property: { id: string; name: string },
  files: readonly File[],
  roomType: RoomType | null = null,
): Promise<UploadRecord[]> {
  const owner = uploadAccount() ?? null;
  const queued: UploadRecord[] = [];
  for (const file of files) {
    const image = await resizeForUpload(file);
    queued.push(
      await enqueueRoomPhoto({
        propertyId: property.id,
        propertyName: property.name,
        roomType,
        file: image,
        fileName: file.name || 'photo.jpg',
        owner,
      }),
    );
  }
  return queued;
}
