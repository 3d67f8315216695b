import { describe, expect, it } from 'vitest';
import type { ColorPalette, StylePreset } from '@shared/domain';
import { freeLimits, roomProject, testRoom } from '../../testing/properties';
import {
  creditsLeft,
  hasStaging,
  propertyLook,
  roomProgress,
  stageSummary,
  stagingRuns,
  suggestedStyle,
} from './stage-summary';

const at = (status: Parameters<typeof roomProject>[0], progress?: string) =>
  testRoom(1, { project: roomProject(status, progress === undefined ? {} : { progress }) });

describe('stage summary', () => {
  it("reads one room's progress: none before a staging, the server's number while it runs, full once finished", () => {
    expect(roomProgress(testRoom(1))).toBe(0);
    expect(roomProgress(at('processing', '37.6'))).toBe(38);
    expect(roomProgress(at('processing', '140'))).toBe(100);
    expect(roomProgress(at('pending', '-5'))).toBe(0);
    expect(roomProgress(at('processing', 'soon'))).toBe(0);
    // A failed staging is over, whatever its last progress said.
    expect(roomProgress(at('failed', '40'))).toBe(100);
    expect(roomProgress(at('completed', '90'))).toBe(100);
  });

  it('counts a failed room as not staged (it is chosen again) and only a queued or running one as running', () => {
    expect([hasStaging(testRoom(1)), stagingRuns(testRoom(1))]).toEqual([false, false]);
    expect([hasStaging(at('pending')), stagingRuns(at('pending'))]).toEqual([true, true]);
    expect([hasStaging(at('processing')), stagingRuns(at('processing'))]).toEqual([true, true]);
    expect([hasStaging(at('completed')), stagingRuns(at('completed'))]).toEqual([true, false]);
    expect([hasStaging(at('failed')), stagingRuns(at('failed'))]).toEqual([false, false]);
  });

  it('counts the stagings by status and averages their progress, leaving out rooms never staged', () => {
    const rooms = [
      testRoom(1),
      at('pending', '20'),
      at('processing', '60'),
      at('completed'),
      at('failed', '10'),
    ];
    expect(stageSummary(rooms)).toEqual({
      total: 4,
      counts: { pending: 1, processing: 1, completed: 1, failed: 1 },
      overall: 70,
      running: true,
    });
    expect(stageSummary([at('completed'), at('failed'), testRoom(2)])).toMatchObject({
      total: 2,
      overall: 100,
      running: false,
    });
    expect(stageSummary([testRoom(1), testRoom(2)])).toEqual({
      total: 0,
      counts: { pending: 0, processing: 0, completed: 0, failed: 0 },
      overall: 0,
      running: false,
    });
  });

  it('knows the credits left of a free account, and no limit for Pro or when the limits are unknown', () => {
    expect(creditsLeft({ ...freeLimits, generationsUsed: 7 })).toBe(3);
    expect(creditsLeft({ ...freeLimits, generationsUsed: 12 })).toBe(0);
    expect(creditsLeft({ ...freeLimits, hasActiveSubscription: true, generationsUsed: 12 })).toBeNull();
    expect(creditsLeft({ ...freeLimits, maxGenerations: 'unlimited' })).toBeNull();
    expect(creditsLeft(undefined)).toBeNull();
  });
});

/** Room n staged in a look; `status` of its staging. */
const stagedIn = (
  n: number,
  look: [StylePreset, ColorPalette],
  status: Parameters<typeof roomProject>[0] = 'completed',
) => testRoom(n, { project: roomProject(status, { stylePreset: look[0], colorPalette: look[1] }) });

/** Room n, not staged, whose photo the analysis saw in `style`. */
const seenIn = (n: number, style: StylePreset | null, confident = true) =>
  testRoom(n, { detected: { roomType: 'living-room', confident, style } });

describe('propertyLook', () => {
  it('is null before any room is staged (the device default applies)', () => {
    expect(propertyLook([])).toBeNull();
    expect(propertyLook([testRoom(1), stagedIn(2, ['farmhouse', 'coastal'], 'processing')])).toBeNull();
  });

  it('is the look most finished rooms share, so restaging one room matches the rest', () => {
    const rooms = [
      stagedIn(1, ['modern', 'neutral-warm']),
      stagedIn(2, ['scandinavian', 'coastal']),
      stagedIn(3, ['scandinavian', 'coastal']),
      stagedIn(4, ['farmhouse', 'coastal'], 'failed'),
    ];
    expect(propertyLook(rooms)).toEqual({ stylePreset: 'scandinavian', colorPalette: 'coastal' });
  });

  it("takes the earliest room's look on a tie", () => {
    const rooms = [stagedIn(1, ['industrial', 'coastal']), stagedIn(2, ['modern', 'neutral-warm'])];
    expect(propertyLook(rooms)).toEqual({ stylePreset: 'industrial', colorPalette: 'coastal' });
  });
});

describe('suggestedStyle', () => {
  it('offers the style most rooms were confidently seen in, counted among those rooms', () => {
    const rooms = [
      seenIn(1, 'modern'),
      seenIn(2, 'scandinavian'),
      seenIn(3, 'scandinavian'),
      seenIn(4, 'industrial', false),
      seenIn(5, null),
    ];
    expect(suggestedStyle(rooms)).toEqual({ style: 'scandinavian', rooms: 2, of: 3 });
  });

  it('lets the earlier room win a tie, and offers nothing when no style was seen for sure', () => {
    expect(suggestedStyle([seenIn(1, 'farmhouse'), seenIn(2, 'modern')])?.style).toBe('farmhouse');
    expect(suggestedStyle([seenIn(1, 'modern', false), seenIn(2, null)])).toBeNull();
    expect(suggestedStyle([])).toBeNull();
  });
});
