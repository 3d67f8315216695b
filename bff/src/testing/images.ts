import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Test photos made on the fly (a user's clone has no ../shared fixtures). */
export async function makePhoto(
  opts: {
    width?: number;
    height?: number;
    format?: 'jpeg' | 'png' | 'webp';
    orientation?: number;
    gps?: boolean;
    quality?: number;
  } = {},
): Promise<Buffer> {
  const { width = 800, height = 600, format = 'jpeg', orientation, gps = true, quality = 85 } = opts;
  // A left-to-right gradient with a dark square top-left, so orientation can be checked from pixels.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#d8cbb5"/><stop offset="1" stop-color="#8a6d4b"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><rect width="${Math.round(width / 4)}" height="${Math.round(height / 4)}" fill="#111"/></svg>`;
  let img = sharp(Buffer.from(svg));
  const exif: Record<string, Record<string, string>> = {
    IFD0: { Make: 'TestPhone', Model: 'TP-12', Software: 'stagely-tests' },
  };
  if (gps)
    exif.IFD3 = {
      GPSLatitudeRef: 'N',
      GPSLatitude: '37/1 46/1 30/1',
      GPSLongitudeRef: 'W',
      GPSLongitude: '122/1 25/1 10/1',
    };
  img = img.withExif(exif);
  if (orientation) img = img.withMetadata({ orientation });
  if (format === 'png') return img.png().toBuffer();
  if (format === 'webp') return img.webp({ quality }).toBuffer();
  return img.jpeg({ quality }).toBuffer();
}

export function multipart(
  fields: Record<string, string>,
  file?: { data: Buffer; name?: string; type?: string },
  fileField = 'image',
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      fileField,
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/jpeg' }),
      file.name ?? 'photo.jpg',
    );
  return form;
}

/** A valid JPEG with an HTML page appended: accepted only because re-encoding drops the payload. */
export const POLYGLOT_PAYLOAD = '<html><script>alert(document.cookie)</script></html>';
export async function polyglotJpeg(): Promise<Buffer> {
  return Buffer.concat([await makePhoto({ width: 683, height: 512 }), Buffer.from(POLYGLOT_PAYLOAD)]);
}

/** The bad files every upload route must refuse (made here, modelled on ../shared/fixtures/bad). */
export async function badFiles(): Promise<{ name: string; data: Buffer; status: number }[]> {
  const jpeg = await makePhoto({ width: 1200, height: 900 });
  // A well-formed PNG (valid CRCs) that declares 30000x30000 pixels (900 MP) in a few KB.
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30000, 0);
  ihdr.writeUInt32BE(30000, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const bomb = Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return [
    { name: 'empty.jpg', data: Buffer.alloc(0), status: 400 },
    {
      name: 'not-an-image.jpg',
      data: Buffer.from('This is a text file pretending to be a JPEG.\n'),
      status: 415,
    },
    { name: 'truncated.jpg', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)), status: 422 },
    {
      name: 'script.svg',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      status: 415,
    },
    { name: 'pixel-bomb.png', data: bomb, status: 422 },
    {
      name: 'animation.gif',
      data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      status: 415,
    },
    { name: 'document.pdf', data: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), status: 415 },
  ];
}
