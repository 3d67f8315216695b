import type { MaskStroke } from '@shared/api';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BrushEditor } from './brush-editor';
import { EDIT_TEXTS } from './edit-texts';

const box = { left: 0, top: 0, x: 0, y: 0, width: 200, height: 100, right: 200, bottom: 100 };

/** jsdom has no layout: the frame and the canvas are a 200 x 100 box at the origin. */
function setup(mode: 'remove' | 'fill', fallbackUrls: string[] = [], standInUrl?: string) {
  const onSubmit = vi.fn<(strokes: MaskStroke[], what: string) => void>();
  render(
    <BrushEditor
      mode={mode}
      imageUrl="/v1.png"
      fallbackUrls={fallbackUrls}
      standInUrl={standInUrl}
      busy={false}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
  const canvas = screen.getByLabelText(mode === 'fill' ? EDIT_TEXTS.canvasLabelFill : EDIT_TEXTS.canvasLabel);
  const zoomed = screen.getByTestId('brush-zoom');
  for (const el of [canvas, zoomed.parentElement!])
    el.getBoundingClientRect = () => ({ ...box, toJSON: () => box });
  const submit = screen.getByRole('button', { name: mode === 'fill' ? EDIT_TEXTS.fill : EDIT_TEXTS.remove });
  return { onSubmit, canvas, zoomed, submit };
}

const at = (pointerId: number, clientX: number, clientY: number) => ({
  pointerId,
  clientX,
  clientY,
  button: 0,
});

describe('BrushEditor', () => {
  it('one finger paints a stroke, in image-relative coordinates', () => {
    const { canvas, submit, onSubmit } = setup('remove');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.pointerDown(canvas, at(1, 50, 50));
    fireEvent.pointerMove(canvas, at(1, 100, 50));
    fireEvent.pointerUp(canvas, at(1, 100, 50));
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(submit);
    const [strokes] = onSubmit.mock.calls[0] ?? [];
    expect(strokes?.[0]?.points).toEqual([
      [0.25, 0.5],
      [0.5, 0.5],
    ]);
  });

  it('two fingers zoom and pan instead of painting; Reset zoom puts the photo back', () => {
    const { canvas, zoomed, submit } = setup('remove');
    fireEvent.pointerDown(canvas, at(1, 80, 50));
    fireEvent.pointerDown(canvas, at(2, 120, 50));
    // The fingers move apart to twice their distance, around the same midpoint.
    fireEvent.pointerMove(canvas, at(1, 60, 50));
    fireEvent.pointerMove(canvas, at(2, 140, 50));
    expect(zoomed.style.transform).toBe('translate(-100px, -50px) scale(2)');
    // Both move right: a pan, held inside the frame.
    fireEvent.pointerMove(canvas, at(1, 70, 50));
    fireEvent.pointerMove(canvas, at(2, 150, 50));
    expect(zoomed.style.transform).toBe('translate(-90px, -50px) scale(2)');
    fireEvent.pointerUp(canvas, at(1, 70, 50));
    fireEvent.pointerUp(canvas, at(2, 150, 50));
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: EDIT_TEXTS.zoomReset }));
    expect(zoomed.style.transform).toBe('translate(0px, 0px) scale(1)');
    expect(screen.queryByRole('button', { name: EDIT_TEXTS.zoomReset })).toBeNull();
  });

  it('Add needs paint and what belongs there, and sends both', () => {
    const { canvas, submit, onSubmit } = setup('fill');
    fireEvent.pointerDown(canvas, at(1, 50, 50));
    fireEvent.pointerUp(canvas, at(1, 50, 50));
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(EDIT_TEXTS.fillLabel), { target: { value: 'a reading chair' } });
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(submit);
    expect(onSubmit.mock.calls[0]?.[1]).toBe('a reading chair');
  });

  it('offline with no copy of the version: falls back to the shown result, then says plainly it is not here and still paints', () => {
    const { canvas, submit, onSubmit } = setup('remove', ['/staged.jpg']);
    const photo = () => document.querySelector('img');
    fireEvent.error(photo()!);
    expect(photo()?.getAttribute('src')).toBe('/staged.jpg');
    expect(screen.queryByText(EDIT_TEXTS.notOnDevice)).toBeNull();
    fireEvent.error(photo()!);
    expect(photo()).toBeNull();
    screen.getByText(EDIT_TEXTS.notOnDevice);
    fireEvent.pointerDown(canvas, at(1, 50, 50));
    fireEvent.pointerUp(canvas, at(1, 50, 50));
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('with no copy of any result here: paints over the original photo, and says that it is the original', () => {
    const { canvas, submit, onSubmit } = setup('remove', ['/staged.jpg'], '/thumb.jpg');
    const photo = () => document.querySelector('img');
    fireEvent.error(photo()!);
    fireEvent.error(photo()!);
    expect(photo()?.getAttribute('src')).toBe('/thumb.jpg');
    screen.getByText(EDIT_TEXTS.notOnDeviceOriginal);
    fireEvent.pointerDown(canvas, at(1, 50, 50));
    fireEvent.pointerUp(canvas, at(1, 50, 50));
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // The thumbnail gone too: the empty frame, and the plain sentence.
    fireEvent.error(photo()!);
    expect(photo()).toBeNull();
    screen.getByText(EDIT_TEXTS.notOnDevice);
  });
});
