/**
 * Circular cross-correlation of a square power-of-two tile with a fixed pattern, by 2-D FFT: every shift's
 * score at once in O(n² log n) instead of O(n² x pattern cells), the watermark reader's hottest loop.
 */

/** In-place radix-2 FFT of `n` complex values at `offset`, stepping `stride` (re and im arrays). */
function fft(
  re: Float64Array,
  im: Float64Array,
  n: number,
  offset: number,
  stride: number,
  inverse: boolean,
) {
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const a = offset + i * stride;
      const b = offset + j * stride;
      [re[a], re[b]] = [re[b]!, re[a]!];
      [im[a], im[b]] = [im[b]!, im[a]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = ((inverse ? 2 : -2) * Math.PI) / len;
    const wr = Math.cos(angle);
    const wi = Math.sin(angle);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = offset + (i + k) * stride;
        const b = offset + (i + k + len / 2) * stride;
        const tr = re[b]! * cr - im[b]! * ci;
        const ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
        const next = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = next;
      }
    }
  }
}

function fft2(re: Float64Array, im: Float64Array, n: number, inverse: boolean): void {
  for (let row = 0; row < n; row++) fft(re, im, n, row * n, 1, inverse);
  for (let col = 0; col < n; col++) fft(re, im, n, col, n, inverse);
}

/**
 * For a pattern `pattern` (n x n, row-major), a function giving, for a tile, every circular shift's score
 * scores[sx + sy * n] = sum over cells p of pattern[p] * tile[(p.x + sx) mod n, (p.y + sy) mod n].
 */
export function correlator(pattern: Float64Array, n: number): (tile: Float64Array) => Float64Array {
  const pr = Float64Array.from(pattern);
  const pi = new Float64Array(n * n);
  fft2(pr, pi, n, false);
  return (tile) => {
    const re = Float64Array.from(tile);
    const im = new Float64Array(n * n);
    fft2(re, im, n, false);
    // Tile times the pattern's conjugate: correlation, not convolution.
    for (let k = 0; k < n * n; k++) {
      const r = re[k]! * pr[k]! + im[k]! * pi[k]!;
      const i = im[k]! * pr[k]! - re[k]! * pi[k]!;
      re[k] = r;
      im[k] = i;
    }
    fft2(re, im, n, true);
    const scale = 1 / (n * n);
    for (let k = 0; k < n * n; k++) re[k] = re[k]! * scale;
    return re;
  };
}
