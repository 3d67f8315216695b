/** The short codes' alphabet (as the original links make them): 32 letters and digits, 5 bits each. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;
const CODE_BITS = CODE_LENGTH * 5;
const CRC_BITS = 16;
/** One flag (a published original or not), the code, and a CRC-16 that rejects what is not ours. */
export const PAYLOAD_BITS = 1 + CODE_BITS + CRC_BITS;

/** CRC-16/CCITT over a bit string. */
function crc16(bits: readonly number[]): number {
  let crc = 0xffff;
  for (const bit of bits) {
    const top = ((crc >> 15) & 1) ^ bit;
    crc = (crc << 1) & 0xffff;
    if (top) crc ^= 0x1021;
  }
  return crc;
}

/** The bits a watermark carries for `code` (null: an altered image whose original is not published). */
export function payloadBits(code: string | null): number[] {
  const bits = [code ? 1 : 0];
  const chars = code ?? 'a'.repeat(CODE_LENGTH);
  if (chars.length !== CODE_LENGTH) throw new Error(`A short code has ${CODE_LENGTH} characters.`);
  for (const char of chars) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) throw new Error(`'${char}' is not in the short codes' alphabet.`);
    for (let b = 4; b >= 0; b--) bits.push((value >> b) & 1);
  }
  const crc = crc16(bits);
  for (let b = CRC_BITS - 1; b >= 0; b--) bits.push((crc >> b) & 1);
  return bits;
}

/** What read bits say: { code } (null when no original is published), or undefined when the CRC fails. */
export function codeOf(bits: readonly number[]): { code: string | null } | undefined {
  if (bits.length !== PAYLOAD_BITS) return undefined;
  const body = bits.slice(0, 1 + CODE_BITS);
  const crc = bits.slice(1 + CODE_BITS).reduce((acc, bit) => (acc << 1) | bit, 0);
  if (crc16(body) !== crc) return undefined;
  if (!body[0]) return { code: null };
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) {
    const value = body.slice(1 + i * 5, 6 + i * 5).reduce((acc, bit) => (acc << 1) | bit, 0);
    code += ALPHABET[value];
  }
  return { code };
}
