import type { PropertyRoom, RoomProject } from '@shared/api';
import type { ColorPalette, ProjectStatus, StylePreset } from '@shared/domain';
import { describe, expect, it } from 'vitest';
import { propertyLook } from './stage-summary';

const room = (
  position: number,
  look: [StylePreset, ColorPalette] | null,
  status: ProjectStatus = 'completed',
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
    detected: null,
    originalImageUrl: `/r${position}/original`,
    thumbnailUrl: `/r${position}/thumb`,
    width: 1200,
    height: 800,
    project,
    createdAt: new Date(0).toISOString(),
  };
};

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
