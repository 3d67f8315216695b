import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ComparisonSlider, PHOTO_NOT_ON_DEVICE } from './comparison-slider';
import { clampSplit } from './use-split-drag';

function Harness({ initial = 50 }: { initial?: number }) {
  const [split, setSplit] = useState(initial);
  return (
    <ComparisonSlider
      beforeUrl="/b.webp"
      afterUrl="/a.webp"
      split={split}
      onSplitChange={setSplit}
      label="Split"
    />
  );
}

const slider = () => screen.getByRole('slider', { name: 'Split' });
const value = () => Number(slider().getAttribute('aria-valuenow'));

/** jsdom has no layout: give the panel a 200 px wide box at x = 100. */
function withBox() {
  const panel = screen.getByTestId('comparison-slider');
  panel.getBoundingClientRect = () => ({
    left: 100,
    top: 0,
    width: 200,
    height: 100,
    right: 300,
    bottom: 100,
    x: 100,
    y: 0,
    toJSON: () => ({}),
  });
  return panel;
}

describe('ComparisonSlider', () => {
  it('exposes a 0-100 slider starting at the given split', () => {
    render(<Harness />);
    expect(slider().getAttribute('aria-valuemin')).toBe('0');
    expect(slider().getAttribute('aria-valuemax')).toBe('100');
    expect(value()).toBe(50);
    expect(screen.getByAltText('Room before staging').getAttribute('loading')).toBe('lazy');
  });

  it('moves 1 per arrow, 10 with Shift, jumps with Home/End and stays within 0-100', () => {
    render(<Harness initial={98} />);
    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    expect(value()).toBe(99);
    fireEvent.keyDown(slider(), { key: 'ArrowRight', shiftKey: true });
    expect(value()).toBe(100);
    fireEvent.keyDown(slider(), { key: 'ArrowLeft' });
    expect(value()).toBe(99);
    fireEvent.keyDown(slider(), { key: 'Home' });
    expect(value()).toBe(0);
    fireEvent.keyDown(slider(), { key: 'ArrowLeft', shiftKey: true });
    expect(value()).toBe(0);
    fireEvent.keyDown(slider(), { key: 'End' });
    expect(value()).toBe(100);
  });

  it('follows the pointer while pressed, clamps outside the panel and stops on release', () => {
    render(<Harness />);
    const panel = withBox();
    fireEvent.pointerDown(panel, { clientX: 150, button: 0, pointerId: 1 });
    expect(value()).toBe(25);
    fireEvent.pointerMove(panel, { clientX: 250, pointerId: 1 });
    expect(value()).toBe(75);
    fireEvent.pointerMove(panel, { clientX: 500, pointerId: 1 });
    expect(value()).toBe(100);
    fireEvent.pointerMove(panel, { clientX: 0, pointerId: 1 });
    expect(value()).toBe(0);
    fireEvent.pointerUp(panel, { clientX: 0, pointerId: 1 });
    fireEvent.pointerMove(panel, { clientX: 200, pointerId: 1 });
    expect(value()).toBe(0);
  });

  it('stops dragging when the pointer leaves the panel', () => {
    render(<Harness />);
    const panel = withBox();
    fireEvent.pointerDown(panel, { clientX: 120, button: 0, pointerId: 1 });
    expect(value()).toBe(10);
    fireEvent.pointerLeave(panel, { pointerId: 1 });
    fireEvent.pointerMove(panel, { clientX: 280, pointerId: 1 });
    expect(value()).toBe(10);
  });

  it('takes the shape of the loaded before photo and draws the after photo into the same box', () => {
    render(<Harness />);
    const box = screen.getByTestId('comparison-slider');
    const before = screen.getByAltText('Room before staging');
    const after = screen.getByAltText('Room after staging');
    // Until the photo arrives: the guessed 3:2 shape, nothing stretched or cropped.
    expect(box.style.aspectRatio).toBe('960 / 640');
    expect(before.className).toContain('object-contain');
    expect(after.className).toContain('object-contain');
    // jsdom decodes no images: give the before photo a 3:4 portrait's natural size.
    Object.defineProperties(before, {
      naturalWidth: { value: 900 },
      naturalHeight: { value: 1200 },
    });
    fireEvent.load(before);
    expect(box.style.aspectRatio).toBe('900 / 1200');
    expect(before.className).toContain('object-contain');
    expect(after.className).toContain('object-fill');
    expect(before.className).not.toContain('object-cover');
  });

  it('offline, a photo that is not on the device is hidden (no broken image, no alt text) and said so', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<Harness />);
    expect(screen.queryByRole('status')).toBeNull();
    const after = screen.getByAltText('Room after staging');
    fireEvent.error(after);
    expect(after.style.visibility).toBe('hidden');
    expect(screen.getByAltText('Room before staging').style.visibility).toBe('');
    screen.getByText(PHOTO_NOT_ON_DEVICE);
    online.mockRestore();
  });

  it('clamps any number into 0-100', () => {
    expect(clampSplit(-5)).toBe(0);
    expect(clampSplit(140)).toBe(100);
    expect(clampSplit(Number.NaN)).toBe(0);
    expect(clampSplit(42.5)).toBe(42.5);
  });
});
