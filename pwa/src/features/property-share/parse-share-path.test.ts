// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseSharePath } from './property-share-page';

describe('parseSharePath', () => {
  const room = '2f1c6a4e-8b1d-4c5e-9f7a-0d3b2c1e4f5a';

  it('reads the whole page, and a room by its id where a QR code leads', () => {
    expect(parseSharePath('')).toEqual({ original: null });
    expect(parseSharePath(`rooms/${room}/original`)).toEqual({ original: room });
    expect(parseSharePath(`rooms/${room}`)).toEqual({ original: room });
  });

  it('refuses anything else, room numbers included (a number names another room after a reorder)', () => {
    for (const rest of ['rooms/1/original', 'rooms/', 'rooms/x/original', `rooms/${room}/staged`, 'other'])
      expect(parseSharePath(rest), rest).toBeNull();
  });
});
