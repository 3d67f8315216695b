import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_SETTINGS } from '@shared/domain';
import { destroyDb } from '../db';
import { writeLocalSettings } from '../settings';
import { listUploads } from '../uploads';
import { queueSharedPhotos, sharedPhotosPage, SHARE_FILES_FIELD } from '.';

const file = (name: string, type: string, size = 16) => new File([new Uint8Array(size)], name, { type });

function share(...files: File[]): FormData {
  const form = new FormData();
  form.append('title', 'From my gallery');
  for (const f of files) form.append(SHARE_FILES_FIELD, f);
  return form;
}

describe('queueSharedPhotos', () => {
  beforeEach(() => destroyDb());
  afterEach(() => destroyDb());

  it("queues shared photos with this device's default room and style, named like batch items", async () => {
    await writeLocalSettings({
      ...DEFAULT_LOCAL_SETTINGS,
      defaultRoomType: 'kitchen',
      defaultStyle: 'industrial',
    });
    const result = await queueSharedPhotos(
      share(file('IMG_0001.jpg', 'image/jpeg'), file('plan.png', 'image/png')),
    );
    expect(result).toEqual({ queued: 2, leftOut: 0 });
    const queued = await listUploads();
    // The service worker does not know who is signed in: the first account to see them claims them.
    expect(queued.map((r) => [r.fileName, r.status, r.ownerId])).toEqual([
      ['IMG_0001.jpg', 'queued', null],
      ['plan.png', 'queued', null],
    ]);
    expect(queued[0]!.fields).toEqual({
      name: 'IMG_0001 - Kitchen',
      stagingMode: 'stage',
      roomType: 'kitchen',
      stylePreset: 'industrial',
      colorPalette: 'neutral-warm',
    });
  });

  it('uses the product defaults when this device has no settings', async () => {
    await queueSharedPhotos(share(file('hall.webp', 'image/webp')));
    const [record] = await listUploads();
    expect(record!.fields).toMatchObject({
      roomType: 'living-room',
      stylePreset: 'modern',
      stagingMode: 'stage',
    });
  });

  it('passes each photo through the resize and leaves out what is not a photo, or past a batch', async () => {
    const resized: string[] = [];
    const prepare = (f: Blob) => {
      resized.push((f as File).name);
      // A GIF decodes and comes out as JPEG; a HEIC the browser cannot decode comes back as it was.
      return Promise.resolve(
        f.type === 'image/gif' ? new Blob([new Uint8Array(4)], { type: 'image/jpeg' }) : f,
      );
    };
    const photos = Array.from({ length: 11 }, (_, i) => file(`room-${i}.jpg`, 'image/jpeg'));
    const result = await queueSharedPhotos(
      share(
        file('notes.txt', 'text/plain'),
        file('anim.gif', 'image/gif'),
        file('IMG_9.heic', 'image/heic'),
        file('empty.jpg', 'image/jpeg', 0),
        ...photos,
      ),
      prepare,
    );
    expect(result).toEqual({ queued: 10, leftOut: 5 });
    expect(resized.slice(0, 2)).toEqual(['anim.gif', 'IMG_9.heic']);
    const queued = await listUploads();
    expect(queued[0]).toMatchObject({ fileName: 'anim.gif' });
    expect(queued.map((r) => r.fileName)).not.toContain('IMG_9.heic');
    expect(queued.at(-1)!.fileName).toBe('room-8.jpg');
  });

  it('opens the app page that says what was queued', () => {
    expect(sharedPhotosPage({ queued: 3, leftOut: 0 }, 'https://stagely.test')).toBe(
      'https://stagely.test/app?shared=3',
    );
    expect(sharedPhotosPage({ queued: 0, leftOut: 2 }, 'https://stagely.test')).toBe(
      'https://stagely.test/app?shared=0&left=2',
    );
  });
});
