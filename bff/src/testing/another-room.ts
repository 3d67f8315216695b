import sharp from 'sharp';
import { makeRoom, renderRoom, type RoomSpec } from './synthetic-rooms';

/**
 * Another room altogether (another seed's, furnished, seen from another side) at `room`'s size: the local
 * structure check never clears it and no repair makes it `room`.
 */
export async function anotherRoom(room: RoomSpec): Promise<Buffer> {
  return sharp(await renderRoom(makeRoom(room.seed + 9), 'furnished'))
    .rotate(90)
    .resize(room.width, room.height, { fit: 'fill' })
    .jpeg()
    .toBuffer();
}
