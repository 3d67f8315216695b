import { describe, expect, it } from 'vitest';
import { customRoomName, roomFileName } from './properties';
import {
  batchItemName,
  currentUsageMonth,
  defaultProjectName,
  distinctName,
  fileBaseName,
  formatFileSize,
  formatRelativeAge,
  remainingSecondsText,
  restagedName,
} from './format';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const H = 3_600_000;

describe('formatRelativeAge', () => {
  it('says Just now under an hour', () => {
    expect(formatRelativeAge(ago(0), now)).toBe('Just now');
    expect(formatRelativeAge(ago(H - 1), now)).toBe('Just now');
  });
  it('counts hours under a day', () => {
    expect(formatRelativeAge(ago(H), now)).toBe('1 hour ago');
    expect(formatRelativeAge(ago(5 * H + 10), now)).toBe('5 hours ago');
    expect(formatRelativeAge(ago(24 * H - 1), now)).toBe('23 hours ago');
  });
  it('counts days after that, and accepts ISO strings', () => {
    expect(formatRelativeAge(ago(24 * H), now)).toBe('1 day ago');
    expect(formatRelativeAge(ago(72 * H).toISOString(), now)).toBe('3 days ago');
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 * 1024, '10 MB'],
    [2_508_000, '2.39 MB'],
    [3 * 1024 ** 3, '3 GB'],
  ])('%d -> %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('remainingSecondsText', () => {
  it('rounds the remaining share of 30 s up', () => {
    expect(remainingSecondsText(0)).toBe('~30 seconds remaining');
    expect(remainingSecondsText(50)).toBe('~15 seconds remaining');
    expect(remainingSecondsText(99)).toBe('~1 seconds remaining');
  });
  it('says Finalizing... at zero and clamps out-of-range progress', () => {
    expect(remainingSecondsText(100)).toBe('Finalizing...');
    expect(remainingSecondsText(140)).toBe('Finalizing...');
    expect(remainingSecondsText(-5)).toBe('~30 seconds remaining');
  });
});

describe('names', () => {
  it('names a new project after its room, numbered apart from the owner’s others of that name', () => {
    expect(defaultProjectName('living-room')).toBe('Living Room');
    expect(distinctName('Living Room', [])).toBe('Living Room');
    expect(distinctName('Living Room', ['Living Room'])).toBe('Living Room 2');
    expect(distinctName('Living Room', ['Living Room', 'Living Room 2', 'Living Room 7'])).toBe(
      'Living Room 8',
    );
    expect(distinctName('Den', ['Den 3'])).toBe('Den');
  });
  it("names a property's room as the agent renamed it, else by its room type", () => {
    expect(customRoomName('9 Oak Ln - Kitchen', '9 Oak Ln')).toBeNull();
    expect(customRoomName('kitchen', '9 Oak Ln')).toBeNull();
    expect(customRoomName('Sunny kitchen', '9 Oak Ln')).toBe('Sunny kitchen');
    expect(customRoomName('9 Oak Ln - Sunny kitchen', '9 Oak Ln')).toBe('Sunny kitchen');
    expect(roomFileName(1, 'kitchen', '-1-altered', 'Sunny kitchen')).toBe('01-sunny-kitchen-1-altered.jpg');
    expect(roomFileName(2, 'kitchen', '', '¡¡')).toBe('02-kitchen.jpg');
  });
  it('names a restaging after its source, marked once, not numbered as a second room', () => {
    expect(restagedName('Living Room 3')).toBe('Living Room 3 (restaged)');
    expect(restagedName('Living Room 3 (restaged)')).toBe('Living Room 3 (restaged)');
    expect(distinctName(restagedName('Living Room 3 (restaged) 2'), ['Living Room 3 (restaged)'])).toBe(
      'Living Room 3 (restaged) 2',
    );
  });
  it('names batch items after the file without extension plus the room', () => {
    expect(fileBaseName('IMG_0042.final.JPG')).toBe('IMG_0042.final');
    expect(fileBaseName('.hidden')).toBe('.hidden');
    expect(batchItemName('kitchen.png', 'kitchen')).toBe('kitchen - Kitchen');
  });
  it('keys usage by UTC month', () => {
    expect(currentUsageMonth(new Date('2026-12-31T23:30:00-05:00'))).toBe('2027-01');
  });
});
