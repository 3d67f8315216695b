import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the comparison's photos are really drawn, as the browser laid them out. */
export interface ComparisonShape {
  /** The slider's box (the element the split is a share of). */
  box: Rect;
  /** The content box of the panel around it (the width a photo can take). */
  frame: Rect;
  /** The part of each image element its pixels cover (object-fit applied), and whether some are cut off. */
  before: Rect & { cropped: boolean; naturalWidth: number; naturalHeight: number };
  after: Rect & { cropped: boolean };
  viewport: { width: number; height: number };
}

/** Reads the shape of the comparison slider inside `root`, once both its images have real pixels. */
export async function comparisonShape(root: Locator): Promise<ComparisonShape> {
  const box = root.getByTestId('comparison-slider');
  await box.scrollIntoViewIfNeeded();
  await expect
    .poll(() => box.evaluate((el) => [...el.querySelectorAll('img')].every((i) => i.naturalWidth > 0)), {
      timeout: 30_000,
    })
    .toBe(true);
  return box.evaluate((el) => {
    const rect = (r: DOMRect) => ({ x: r.x, y: r.y, width: r.width, height: r.height });
    const drawn = (img: HTMLImageElement) => {
      const r = img.getBoundingClientRect();
      const fit = getComputedStyle(img).objectFit;
      const [nw, nh] = [img.naturalWidth, img.naturalHeight];
      if (fit === 'fill') return { ...rect(r), cropped: false };
      const scale =
        fit === 'cover'
          ? Math.max(r.width / nw, r.height / nh)
          : fit === 'contain'
            ? Math.min(r.width / nw, r.height / nh)
            : 1;
      const [w, h] = [nw * scale, nh * scale];
      const x = r.x + (r.width - w) / 2;
      const y = r.y + (r.height - h) / 2;
      return { x, y, width: w, height: h, cropped: w > r.width + 1 || h > r.height + 1 };
    };
    const before = el.querySelector<HTMLImageElement>('img[alt*="before"]');
    const after = el.querySelector<HTMLImageElement>('img[alt*="after"]');
    if (!before || !after) throw new Error('comparison without both photos');
    // The panel's content box: the width a photo can take.
    const panel = el.closest('section') ?? el.parentElement ?? el;
    const p = panel.getBoundingClientRect();
    const css = getComputedStyle(panel);
    const left = p.x + parseFloat(css.borderLeftWidth) + parseFloat(css.paddingLeft);
    const inner = panel.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight);
    return {
      box: rect(el.getBoundingClientRect()),
      frame: { x: left, y: p.y, width: inner, height: p.height },
      before: { ...drawn(before), naturalWidth: before.naturalWidth, naturalHeight: before.naturalHeight },
      after: drawn(after),
      viewport: { width: window.innerWidth, height: window.innerHeight },
    };
  });
}

const near = (a: number, b: number, by = 1.5) => Math.abs(a - b) <= by;
const sameRect = (a: Rect, b: Rect) =>
  near(a.x, b.x) && near(a.y, b.y) && near(a.width, b.width) && near(a.height, b.height);

/**
 * The photo is shown whole in a box of its own shape (`ratio` = width / height, within 3%), the after photo
 * covers exactly the before photo's pixels, and the box fits the screen's width and `maxHeightShare` of its height.
 */
export function expectWholePhoto(shape: ComparisonShape, ratio: number, maxHeightShare = 0.8): void {
  const { box, before, after, viewport } = shape;
  expect(before.naturalWidth / before.naturalHeight).toBeCloseTo(ratio, 1);
  expect(Math.abs(box.width / box.height - ratio) / ratio).toBeLessThan(0.03);
  expect(before.cropped).toBe(false);
  expect(after.cropped).toBe(false);
  expect(sameRect(before, box), `before ${JSON.stringify(before)} fills box ${JSON.stringify(box)}`).toBe(
    true,
  );
  expect(sameRect(after, before), `after ${JSON.stringify(after)} = before ${JSON.stringify(before)}`).toBe(
    true,
  );
  expect(box.x).toBeGreaterThanOrEqual(-0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.height).toBeLessThanOrEqual(viewport.height * maxHeightShare + 1);
}

/** A landscape photo still takes the whole width the panel gives it. */
export function expectFullWidth(shape: ComparisonShape): void {
  expect(near(shape.box.width, shape.frame.width)).toBe(true);
  expect(near(shape.box.x, shape.frame.x)).toBe(true);
}

/** A JPEG with a red band along the top edge and a blue band along the bottom edge. */
export async function bandedPhoto(width: number, height: number): Promise<Buffer> {
  const band = Math.round(height * 0.08);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#b8b0a4"/>
    <rect y="${height * 0.6}" width="${width}" height="${height * 0.4}" fill="#8b6b4a"/>
    <rect x="${width * 0.3}" y="${height * 0.2}" width="${width * 0.4}" height="${height * 0.25}" fill="#cfe8ff"/>
    <rect width="${width}" height="${band}" fill="#e02020"/>
    <rect y="${height - band}" width="${width}" height="${band}" fill="#2040e0"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/**
 * With the divider at the end ('Before' shown whole), the box's top and bottom edges show the photo's red and
 * blue bands: nothing of the photo is cut off.
 */
export async function expectBandsAtEdges(page: Page, root: Locator): Promise<void> {
  await root.getByRole('slider').first().focus();
  await page.keyboard.press('End');
  // Centred on screen, clear of the sticky header, then shot as the user sees it.
  const box = root.getByTestId('comparison-slider');
  await box.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const clip = await box.boundingBox();
  if (!clip) throw new Error('comparison not shown');
  const shot = await page.screenshot({ clip });
  const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y: number) => {
    const i = (y * info.width + Math.round(info.width / 2)) * 3;
    return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
  };
  const [top, bottom] = [at(3), at(info.height - 4)];
  expect(top[0], `top edge ${top.join(',')}`).toBeGreaterThan(180);
  expect(top[2], `top edge ${top.join(',')}`).toBeLessThan(90);
  expect(bottom[2], `bottom edge ${bottom.join(',')}`).toBeGreaterThan(180);
  expect(bottom[0], `bottom edge ${bottom.join(',')}`).toBeLessThan(90);
}

/**
 * In the open fullscreen view: drags the divider past both ends of the screen and checks it stays on the
 * photo (and reaches its edges: 0 and 100) with its handle drawn whole.
 */
export async function expectDividerOnPhoto(page: Page, dialog: Locator, ratio: number): Promise<void> {
  // The fullscreen view fills the screen's other direction: no 80% height limit there.
  await expect
    .poll(
      async () => {
        const s = await comparisonShape(dialog);
        return Math.abs(s.box.width / s.box.height - ratio) / ratio < 0.03;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const shape = await comparisonShape(dialog);
  expectWholePhoto(shape, ratio, 1);
  const slider = dialog.getByRole('slider');
  const dividerX = async () => {
    const b = await slider.boundingBox();
    if (!b) throw new Error('no divider');
    return b.x + b.width / 2;
  };
  const { before, viewport } = shape;
  const y = before.y + before.height / 2;
  await page.mouse.move(before.x + before.width / 2, y);
  await page.mouse.down();
  for (const [x, value] of [
    [1, '0'],
    [viewport.width - 2, '100'],
  ] as const) {
    await page.mouse.move(x, y, { steps: 4 });
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe(value);
    const at = await dividerX();
    expect(at, `divider at ${at}, photo ${before.x}-${before.x + before.width}`).toBeGreaterThanOrEqual(
      before.x - 1,
    );
    expect(at).toBeLessThanOrEqual(before.x + before.width + 1);
    // Its round handle is drawn whole on the photo, not cut in half at the photo's edge.
    const knob = await slider.evaluate((el) => {
      const r = el.lastElementChild?.getBoundingClientRect();
      return r ? { left: r.left, right: r.right } : null;
    });
    expect(knob, 'divider handle').not.toBeNull();
    expect(knob?.left, `handle ${JSON.stringify(knob)} at ${value}`).toBeGreaterThanOrEqual(before.x - 1);
    expect(knob?.right, `handle ${JSON.stringify(knob)} at ${value}`).toBeLessThanOrEqual(
      before.x + before.width + 1,
    );
  }
  await page.mouse.up();
}
