import type { PropertyRoom } from '@shared/api';
import type { StylePreset } from '@shared/domain';
import { describe, expect, it } from 'vitest';
import { suggestedStyle } from './stage-summary';

const room = (id: string, style: StylePreset | null, confident = true): PropertyRoom => ({
  id,
  position: 1,
  roomType: 'kitchen',
  detected: { roomType: 'kitchen', confident, style },
  originalImageUrl: '',
  thumbnailUrl: '',
  width: 800,
  height: 600,
  project: null,
  createdAt: '2026-11-24T10:00:00.000Z',
});

describe('suggestedStyle', () => {
  it('offers the style most rooms were confidently seen in, counted among those rooms', () => {
    const rooms = [
      room('a', 'modern'),
      room('b', 'scandinavian'),
      room('c', 'scandinavian'),
      room('d', 'industrial', false),
      room('e', null),
    ];
    expect(suggestedStyle(rooms)).toEqual({ style: 'scandinavian', rooms: 2, of: 3 });
  });

  it('lets the earlier room win a tie, and offers nothing when no style was seen for sure', () => {
    expect(suggestedStyle([room('a', 'farmhouse'), room('b', 'modern')])?.style).toBe('farmhouse');
    expect(suggestedStyle([room('a', 'modern', false), room('b', null)])).toBeNull();
    expect(suggestedStyle([])).toBeNull();
  });
});
