import { describe, expect, it } from 'vitest';
import { analysisToast, roomTypeAfterAnalysis, type RoomDetection } from './analysis';

const preview: RoomDetection = { roomType: 'other', style: 'modern', confident: false, engine: 'preview' };
const sure: RoomDetection = { roomType: 'bedroom', style: 'farmhouse', confident: true, engine: 'openai' };
const guess: RoomDetection = { roomType: 'bathroom', style: 'modern', confident: false, engine: 'openai' };

describe('an analysis and the room type the user chose', () => {
  it("keeps the user's room type when the answer is unsure, whatever room it guessed", () => {
    expect(roomTypeAfterAnalysis(preview, 'kitchen')).toBe('kitchen');
    expect(roomTypeAfterAnalysis(guess, 'living-room')).toBe('living-room');
    expect(roomTypeAfterAnalysis(preview, null)).toBeNull();
  });

  it('presets the detected room type only when the answer is confident', () => {
    expect(roomTypeAfterAnalysis(sure, 'kitchen')).toBe('bedroom');
    expect(roomTypeAfterAnalysis(sure, null)).toBe('bedroom');
  });

  it('says what was detected only when it was', () => {
    expect(analysisToast(sure, 'bedroom', { withStyle: true })).toEqual({
      title: 'Image Analyzed',
      description: 'Detected: Bedroom (Farmhouse style)',
    });
    expect(analysisToast(sure, 'bedroom', { withStyle: false })).toEqual({
      title: 'Image Analyzed',
      description: 'Detected: Bedroom',
    });
    expect(analysisToast(preview, 'kitchen', { withStyle: true })).toEqual({
      title: 'Room type not detected',
      description: 'Preview mode cannot recognise rooms: keeping Kitchen.',
    });
    expect(analysisToast(guess, null, { withStyle: false }).description).toBe(
      'We could not tell which room this is: please choose the room type.',
    );
  });
});
