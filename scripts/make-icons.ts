// Renders the app icons from one SVG. Run: npx tsx scripts/make-icons.ts (outputs are committed).
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const out = 'pwa/public/icons';
mkdirSync(out, { recursive: true });

// A house with a sofa inside; `pad` shrinks the mark into the maskable safe zone (inner 80%).
const svg = (pad: number, rounded: boolean) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#0b1120"/></linearGradient></defs>
  <rect width="512" height="512" rx="${rounded ? 112 : 0}" fill="url(#g)"/>
  <g transform="translate(${pad} ${pad}) scale(${(512 - 2 * pad) / 512})">
    <path d="M256 92 L436 236 L400 236 L400 420 L112 420 L112 236 L76 236 Z" fill="none" stroke="#fff" stroke-width="28" stroke-linejoin="round"/>
    <rect x="168" y="300" width="176" height="70" rx="18" fill="#fbbf24"/>
    <rect x="150" y="284" width="40" height="96" rx="16" fill="#f59e0b"/>
    <rect x="322" y="284" width="40" height="96" rx="16" fill="#f59e0b"/>
    <path d="M360 120 l10 26 l26 10 l-26 10 l-10 26 l-10 -26 l-26 -10 l26 -10 z" fill="#fde68a"/>
  </g>
</svg>`;

const jobs: [string, number, number, boolean][] = [
  ['icon-192.png', 192, 24, true],
  ['icon-512.png', 512, 24, true],
  ['maskable-512.png', 512, 72, false],
  ['apple-touch-icon.png', 180, 40, false],
];
for (const [name, size, pad, rounded] of jobs) {
  await sharp(Buffer.from(svg(pad, rounded)))
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${out}/${name}`);
}
console.log(`icons written to ${out}`);
