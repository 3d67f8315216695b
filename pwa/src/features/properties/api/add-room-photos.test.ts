import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_SETTINGS } from '@shared/domain';
import { destroyDb } from '../../../offline/db';
import { writeLocalSettings } from '../../../offline/settings';
import { listUploads } from '../../../offline/uploads';
import { addRoomPhotos } from './add-room-photos';

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'den.jpg', { type: 'image/jpeg' });

describe('addRoomPhotos', () => {
  afterEach(() => destroyDb());

  it("sends the Settings' default room type along, so an undetected room starts as it, not as 'Other'", async () => {
    await writeLocalSettings({ ...DEFAULT_LOCAL_SETTINGS, defaultRoomType: 'bedroom' });
    await addRoomPhotos({ id: 'h1', name: '7 Elm St' }, [photo()]);
    expect((await listUploads()).map((r) => r.fields.roomType)).toEqual(['bedroom']);
  });

  it('keeps a room type the user chose', async () => {
    await addRoomPhotos({ id: 'h1', name: '7 Elm St' }, [photo()], 'kitchen');
    expect((await listUploads()).map((r) => r.fields.roomType)).toEqual(['kitchen']);
  });
});
