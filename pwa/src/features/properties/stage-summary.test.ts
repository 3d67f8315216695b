import type { PropertyRoom, RoomProject } from '@shared/api';
import type { ColorPalette, ProjectStatus, StylePreset } from '@shared/domain';
import { describe, expect, it } from 'vitest';
import { propertyLook, suggestedStyle } from './stage-summary';

const room = (
  position: number,
  look: [StylePreset, ColorPalette] | null,
  status: ProjectStatus = 'completed',
  detected: PropertyRoom['detected'] = null,
): PropertyRoom => {
  const project: RoomProject | null = look && {
    id: `p${position}`,
    status,
    progress: status === 'completed' ? '100' : '40',
    stagedImageUrl: status === 'completed' ? `/api/projects/p${position}/images/staged` : null,
    error: null,
    stylePreset: look[0],
    colorPalette: look[1],
    engine: 'openai',
  };
  return {
    id: `r${position}`,
    position,
    roomType: 'bedroom',
    detected,
    originalImageUrl: `/r${position}/original`,
    thumbnailUrl: `/r${position}/thumb`,
    width: 1200,
    height: 800,
    project,
    createdAt: new Date(0).toISOString(),
  };
};

/** A room not staged yet whose photo the analysis saw in `style`. */
const seen = (position: number, style: StylePreset | null, confident = true) =>
  room(position, null, 'completed', { roomType: 'bedroom', confident, style });

describe('propertyLook', () => {
  it('is null before any room is staged (the device default applies)', () => {
    expect(propertyLook([])).toBeNull();
    expect(propertyLook([room(1, null), room(2, ['farmhouse', 'coastal'], 'processing')])).toBeNull();
  });

  it('is the look most finished rooms share, so restaging one room matches the rest', () => {
    const rooms = [
      room(1, ['modern', 'neutral-warm']),
      room(2, ['scandinavian', 'coastal']),
      room(3, ['scandinavian', 'coastal']),
      room(4, ['farmhouse', 'coastal'], 'failed'),
    ];
    expect(propertyLook(rooms)).toEqual({ stylePreset: 'scandinavian', colorPalette: 'coastal' });
  });

  it("takes the earliest room's look on a tie", () => {
    const rooms = [room(1, ['industrial', 'coastal']), room(2, ['modern', 'neutral-warm'])];
    expect(propertyLook(rooms)).toEqual({ stylePreset: 'industrial', colorPalette: 'coastal' });
  });
});

describe('suggestedStyle', () => {
  it('offers the style most rooms were confidently seen in, counted among those rooms', () => {
    const rooms = [
      seen(1, 'modern'),
      seen(2, 'scandinavian'),
      seen(3, 'scandinavian'),
      seen(4, 'industrial', false),
      seen(5, null),
    ];
    expect(suggestedStyle(rooms)).toEqual({ style: 'scandinavian', rooms: 2, of: 3 });
  });

  it('lets the earlier room win a tie, and offers nothing when no style was seen for sure', () => {
    expect(suggestedStyle([seen(1, 'farmhouse'), seen(2, 'modern')])?.style).toBe('farmhouse');
    expect(suggestedStyle([seen(1, 'modern', false), seen(2, null)])).toBeNull();
    expect(suggestedStyle([])).toBeNull();
  });
});
