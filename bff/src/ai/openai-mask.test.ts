import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePhoto } from '../testing/images';
import { useFakeOpenAI } from '../testing/use-test-app';

/** The loopback fake refuses a mask as the real images API does, so a wrong mask cannot pass a test. */
describe('OpenAI image edits with a mask (loopback fake)', () => {
  const fake = useFakeOpenAI();
  const edit = async (mask: Buffer) => {
    const client = new OpenAI({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0 });
    const image = await toFile(await makePhoto({ width: 512, height: 512 }), 'room.jpg', {
      type: 'image/jpeg',
    });
    return client.images.edit({
      model: 'gpt-image-2',
      image,
      mask: await toFile(mask, 'mask.png', { type: 'image/png' }),
      prompt: 'remove the lamp',
    });
  };
  const png = (size: number, channels: 3 | 4) =>
    sharp({ create: { width: size, height: size, channels, background: '#000000' } })
      .png()
      .toBuffer();

  it('refuses a mask of another size than the image', async () => {
    await expect(edit(await png(10, 4))).rejects.toMatchObject({ status: 400 });
    expect(fake.refusals.at(-1)?.message).toMatch(/mask size does not match image size/);
  });

  it('refuses a mask without an alpha channel', async () => {
    await expect(edit(await png(512, 3))).rejects.toMatchObject({ status: 400 });
    expect(fake.refusals.at(-1)?.message).toMatch(/got RGB/);
  });

  it('takes a PNG mask of the image size with an alpha channel', async () => {
    const res = await edit(await png(512, 4));
    expect(res.data?.[0]?.b64_json).toBeTruthy();
  });
});
