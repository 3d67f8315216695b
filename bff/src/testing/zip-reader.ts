import { crc32, inflateRawSync } from 'node:zlib';

export interface ZipFileEntry {
  name: string;
  data: Buffer;
  modifiedAt: Date;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Reads a whole ZIP as an unzip tool does, independently of the library that wrote it: the central
 * directory names the entries, each entry is read from its local header (stored or deflated) and its
 * CRC-32 and sizes are checked. Throws on anything malformed.
 */
export function readZip(zip: Buffer): ZipFileEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || zip.readUInt32LE(end) !== EOCD) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipFileEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL) throw new Error(`bad central directory entry ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const dosTime = zip.readUInt16LE(at + 12);
    const dosDate = zip.readUInt16LE(at + 14);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(localAt) !== LOCAL) throw new Error(`bad local header of ${name}`);
    const localName = zip.toString('utf8', localAt + 30, localAt + 30 + zip.readUInt16LE(localAt + 26));
    if (localName !== name) throw new Error(`local name ${localName} differs from ${name}`);
    const start = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const raw = zip.subarray(start, start + compressedSize);
    const data = method === 0 ? Buffer.from(raw) : method === 8 ? inflateRawSync(raw) : null;
    if (!data) throw new Error(`${name}: compression method ${method}`);
    if (data.length !== size) throw new Error(`${name}: ${data.length} bytes, the directory says ${size}`);
    if (crc32(data) !== crc) throw new Error(`${name}: CRC mismatch`);
    const modifiedAt = new Date(
      1980 + (dosDate >> 9),
      ((dosDate >> 5) & 15) - 1,
      dosDate & 31,
      dosTime >> 11,
      (dosTime >> 5) & 63,
      (dosTime & 31) * 2,
    );
    entries.push({ name, data, modifiedAt });
  }
  return entries;
}
