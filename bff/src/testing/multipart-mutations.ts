import { int, seededRandom } from './mutations';

export interface MultipartMutant {
  name: string;
  body: Buffer;
  contentType: string;
}

/** A well-formed multipart body as a browser sends it: the text fields, then the photo. */
export function multipartBody(fields: Record<string, string>, photo: Buffer, boundary: string): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="room.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/**
 * The upload's framing damaged rather than the photo: cut off anywhere (inside a header, inside the file),
 * boundaries bent or missing, headers garbled or oversized, a Content-Type that lies about the boundary.
 */
export function multipartMutants(
  fields: Record<string, string>,
  photo: Buffer,
  count: number,
  seedValue: number,
): MultipartMutant[] {
  const random = seededRandom(seedValue);
  const boundary = '----stagelyFuzz7MA4YWxkTrZu0gW';
  const good = multipartBody(fields, photo, boundary);
  const type = `multipart/form-data; boundary=${boundary}`;
  const marks = [...good.toString('latin1').matchAll(/--|\r\n|"/g)].map((m) => m.index);
  const kinds: ((i: number) => MultipartMutant)[] = [
    (i) => ({ name: `cut#${i}`, body: good.subarray(0, int(random, good.length)), contentType: type }),
    (i) => {
      // A byte of the framing (dashes, line breaks, quotes) changed.
      const body = Buffer.from(good);
      body[marks[int(random, marks.length)] ?? 0] = int(random, 256);
      return { name: `framing#${i}`, body, contentType: type };
    },
    (i) => ({
      name: `closing-boundary-missing#${i}`,
      body: good.subarray(0, good.length - boundary.length - 8),
      contentType: type,
    }),
    (i) => ({
      name: `other-boundary#${i}`,
      body: good,
      contentType: `multipart/form-data; boundary=${['x', '', '"', boundary.slice(1)][i % 4]}`,
    }),
    (i) => {
      // A header line far longer than any browser sends, before the photo.
      const at = good.indexOf('Content-Type: image/jpeg');
      const long = Buffer.from(`X-Pad: ${'a'.repeat(1 + int(random, 200_000))}\r\n`);
      return {
        name: `long-header#${i}`,
        body: Buffer.concat([good.subarray(0, at), long, good.subarray(at)]),
        contentType: type,
      };
    },
  ];
  return Array.from({ length: count }, (_, i) => kinds[i % kinds.length]!(i));
}
