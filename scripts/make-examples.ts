// Renders the landing page's before/after example photos from hand-drawn SVG scenes.
// Run: npx tsx scripts/make-examples.ts (outputs in pwa/public/examples are committed).
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const W = 960;
const H = 640;
const OUT = 'pwa/public/examples';
// Back wall corners: the room is drawn in one-point perspective towards VX on the horizon.
const BX0 = 220;
const BX1 = 740;
const BY0 = 110;
const BY1 = 430;
const VX = 480;

interface Palette {
  wall: string;
  wallDark: string;
  floor: string;
  floorDark: string;
  ceiling: string;
}

const defs = (p: Palette) => `
<defs>
  <linearGradient id="back" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.wall}"/><stop offset="1" stop-color="${p.wallDark}"/></linearGradient>
  <linearGradient id="left" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.wallDark}"/><stop offset="1" stop-color="${p.wall}"/></linearGradient>
  <linearGradient id="right" x1="1" y1="0" x2="0" y2="0"><stop offset="0" stop-color="${p.wallDark}"/><stop offset="1" stop-color="${p.wall}"/></linearGradient>
  <linearGradient id="floor" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${p.floorDark}"/><stop offset="1" stop-color="${p.floor}"/></linearGradient>
  <linearGradient id="ceil" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.wallDark}"/><stop offset="1" stop-color="${p.ceiling}"/></linearGradient>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe6f7"/><stop offset="0.7" stop-color="#f4f8fb"/><stop offset="1" stop-color="#dfe9d2"/></linearGradient>
  <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff7e0" stop-opacity="0.55"/><stop offset="1" stop-color="#fff7e0" stop-opacity="0"/></linearGradient>
  <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>
  <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffe7b0" stop-opacity="0.8"/><stop offset="1" stop-color="#ffe7b0" stop-opacity="0"/></radialGradient>
  <filter id="soft" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="9"/></filter>
  <filter id="blur2" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="22"/></filter>
  <clipPath id="floorClip"><polygon points="0,${H} ${W},${H} ${BX1},${BY1} ${BX0},${BY1}"/></clipPath>
</defs>`;

/** Floor boards: lines running to the vanishing point, faint so they read as texture. */
function planks(): string {
  let lines = '';
  for (let x = -1400; x <= W + 1400; x += 70) {
    lines += `<line x1="${x}" y1="${H}" x2="${VX + (x - VX) * 0.28}" y2="${BY1}" />`;
  }
  for (const y of [452, 480, 515, 560, 618])
    lines += `<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke-opacity="0.35"/>`;
  return `<g clip-path="url(#floorClip)" stroke="#000" stroke-opacity="0.12" stroke-width="1.5">${lines}</g>`;
}

/** The empty shell: ceiling, three walls, floor, baseboards and a window with daylight falling in. */
function room(p: Palette, window: 'back' | 'left'): string {
  const win =
    window === 'back'
      ? `<rect x="292" y="150" width="236" height="206" fill="#f3efe8"/>
         <rect x="302" y="160" width="216" height="186" fill="url(#sky)"/>
         <path d="M410 160v186M302 253h216" stroke="#f3efe8" stroke-width="8"/>
         <rect x="286" y="352" width="248" height="10" fill="#e9e3da"/>
         <polygon points="302,${BY1} 518,${BY1} 640,${H} 150,${H}" fill="url(#beam)" filter="url(#soft)"/>`
      : `<polygon points="40,150 170,190 170,350 40,390" fill="#f3efe8"/>
         <polygon points="50,162 160,197 160,342 50,377" fill="url(#sky)"/>
         <path d="M105 180v180M50 270l110 0" stroke="#f3efe8" stroke-width="7"/>
         <polygon points="160,440 60,470 420,${H} 760,${H}" fill="url(#beam)" filter="url(#soft)"/>`;
  return `
  <polygon points="0,0 ${W},0 ${BX1},${BY0} ${BX0},${BY0}" fill="url(#ceil)"/>
  <rect x="${BX0}" y="${BY0}" width="${BX1 - BX0}" height="${BY1 - BY0}" fill="url(#back)"/>
  <polygon points="0,0 ${BX0},${BY0} ${BX0},${BY1} 0,${H}" fill="url(#left)"/>
  <polygon points="${W},0 ${BX1},${BY0} ${BX1},${BY1} ${W},${H}" fill="url(#right)"/>
  <polygon points="0,${H} ${W},${H} ${BX1},${BY1} ${BX0},${BY1}" fill="url(#floor)"/>
  ${planks()}
  <rect x="${BX0}" y="${BY1 - 12}" width="${BX1 - BX0}" height="12" fill="#f7f4ef" opacity="0.85"/>
  <polygon points="0,${H - 30} ${BX0},${BY1 - 12} ${BX0},${BY1} 0,${H}" fill="#f7f4ef" opacity="0.6"/>
  <polygon points="${W},${H - 30} ${BX1},${BY1 - 12} ${BX1},${BY1} ${W},${H}" fill="#f7f4ef" opacity="0.6"/>
  <path d="M${BX0} ${BY0}V${BY1}M${BX1} ${BY0}V${BY1}" stroke="#000" stroke-opacity="0.08" stroke-width="3"/>
  ${win}`;
}

const shadow = (cx: number, cy: number, rx: number, ry: number, o = 0.45) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#000" opacity="${o}" filter="url(#soft)"/>`;

const plant = (x: number, y: number, s: number) => `
  ${shadow(x, y + 4, 34 * s, 9 * s)}
  <path d="M${x - 22 * s} ${y - 52 * s}h${44 * s}l-${6 * s} ${52 * s}h-${32 * s}z" fill="#c9b8a3"/>
  <g fill="#3f7d4e">
    <ellipse cx="${x}" cy="${y - 110 * s}" rx="${16 * s}" ry="${48 * s}"/>
    <ellipse cx="${x - 26 * s}" cy="${y - 92 * s}" rx="${14 * s}" ry="${40 * s}" transform="rotate(-28 ${x - 26 * s} ${y - 92 * s})"/>
    <ellipse cx="${x + 27 * s}" cy="${y - 94 * s}" rx="${14 * s}" ry="${40 * s}" transform="rotate(30 ${x + 27 * s} ${y - 94 * s})"/>
  </g>
  <g fill="#5c9e68"><ellipse cx="${x - 10 * s}" cy="${y - 128 * s}" rx="${9 * s}" ry="${34 * s}" transform="rotate(-12 ${x} ${y})"/>
  <ellipse cx="${x + 14 * s}" cy="${y - 70 * s}" rx="${10 * s}" ry="${28 * s}" transform="rotate(50 ${x + 14 * s} ${y - 70 * s})"/></g>`;

const art = (x: number, y: number, w: number, h: number, a: string, b: string) => `
  <rect x="${x + 4}" y="${y + 6}" width="${w}" height="${h}" fill="#000" opacity="0.25" filter="url(#soft)"/>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#2b2621"/>
  <rect x="${x + 6}" y="${y + 6}" width="${w - 12}" height="${h - 12}" fill="#f1ece4"/>
  <circle cx="${x + w * 0.38}" cy="${y + h * 0.45}" r="${Math.min(w, h) * 0.22}" fill="${a}"/>
  <rect x="${x + w * 0.45}" y="${y + h * 0.5}" width="${w * 0.32}" height="${h * 0.3}" fill="${b}"/>`;

function livingRoomAfter(): string {
  return `
  <polygon points="250,470 720,470 860,600 110,600" fill="#b9a58b"/>
  <polygon points="262,478 708,478 838,592 132,592" fill="none" stroke="#efe6d6" stroke-width="3" opacity="0.6"/>
  ${art(380, 170, 90, 110, '#c77d52', '#355c7d')}${art(486, 190, 70, 90, '#e0b35a', '#6b8f71')}
  ${shadow(480, 452, 230, 18, 0.5)}
  <rect x="282" y="318" width="396" height="70" rx="18" fill="#55606e"/>
  <rect x="262" y="350" width="56" height="96" rx="18" fill="#4b5562"/>
  <rect x="642" y="350" width="56" height="96" rx="18" fill="#4b5562"/>
  <rect x="300" y="372" width="360" height="58" rx="10" fill="#6b7684"/>
  <path d="M300 378h360" stroke="#fff" stroke-opacity="0.12" stroke-width="4"/>
  <path d="M420 374v54M540 374v54" stroke="#000" stroke-opacity="0.15" stroke-width="2"/>
  <rect x="330" y="330" width="70" height="52" rx="12" fill="#d7b56d" transform="rotate(-8 365 356)"/>
  <rect x="560" y="330" width="70" height="52" rx="12" fill="#e8e1d5" transform="rotate(7 595 356)"/>
  <rect x="290" y="430" width="10" height="18" fill="#2d2a26"/><rect x="660" y="430" width="10" height="18" fill="#2d2a26"/>
  ${shadow(470, 548, 140, 16, 0.45)}
  <polygon points="345,500 600,500 630,530 318,530" fill="#7a5a3c"/>
  <polygon points="318,530 630,530 630,542 318,542" fill="#5e4530"/>
  <rect x="330" y="542" width="10" height="26" fill="#3f2f21"/><rect x="608" y="542" width="10" height="26" fill="#3f2f21"/>
  <ellipse cx="420" cy="508" rx="26" ry="7" fill="#e9e4da"/><rect x="520" y="496" width="50" height="12" rx="2" fill="#34495e"/>
  <circle cx="150" cy="250" r="70" fill="url(#glow)"/>
  ${shadow(150, 520, 44, 10)}
  <path d="M150 515V262" stroke="#2d2a26" stroke-width="5"/><ellipse cx="150" cy="518" rx="30" ry="7" fill="#2d2a26"/>
  <path d="M118 262h64l-14-50h-36z" fill="#efe3c8"/>
  ${plant(800, 560, 1.3)}`;
}

function kitchenBase(): string {
  return `
  <rect x="${BX0}" y="130" width="${BX1 - BX0}" height="110" fill="#e9e5de"/>
  <path d="M350 130v110M480 130v110M610 130v110" stroke="#cfc8bd" stroke-width="3"/>
  <rect x="${BX0}" y="240" width="${BX1 - BX0}" height="80" fill="#d9d4cc"/>
  <path d="M${BX0} 250h${BX1 - BX0}M${BX0} 270h${BX1 - BX0}M${BX0} 290h${BX1 - BX0}M${BX0} 310h${BX1 - BX0}" stroke="#fff" stroke-opacity="0.5"/>
  <rect x="${BX0}" y="320" width="${BX1 - BX0}" height="14" fill="#f2f0ec"/>
  <rect x="${BX0}" y="334" width="${BX1 - BX0}" height="84" fill="#e9e5de"/>
  <path d="M350 334v84M480 334v84M610 334v84" stroke="#cfc8bd" stroke-width="3"/>
  <path d="M330 360h10M360 360h10M460 360h10M490 360h10M590 360h10M620 360h10" stroke="#8c857a" stroke-width="3"/>
  <rect x="440" y="300" width="80" height="20" rx="3" fill="#b7bcc2"/><path d="M480 300v-30h16" stroke="#9aa0a6" stroke-width="5" fill="none"/>`;
}

function kitchenAfter(): string {
  const pendant = (x: number) => `
  <path d="M${x} 0V150" stroke="#2d2a26" stroke-width="2"/>
  <circle cx="${x}" cy="190" r="60" fill="url(#glow)"/>
  <path d="M${x - 26} 180q${26} -40 ${52} 0z" fill="#1f1f1f"/><ellipse cx="${x}" cy="180" rx="22" ry="5" fill="#ffe9b5"/>`;
  const stool = (x: number) => `
  ${shadow(x, 602, 34, 8, 0.5)}
  <ellipse cx="${x}" cy="512" rx="30" ry="10" fill="#6b4a2f"/>
  <path d="M${x - 22} 516l-10 86M${x + 22} 516l10 86M${x} 518v84" stroke="#2b2b2b" stroke-width="5"/>
  <path d="M${x - 26} 566h52" stroke="#2b2b2b" stroke-width="4"/>`;
  return `
  ${pendant(380)}${pendant(480)}${pendant(580)}
  ${shadow(480, 548, 250, 20, 0.55)}
  <polygon points="290,440 670,440 720,476 240,476" fill="#f4f1ec"/>
  <polygon points="240,476 720,476 720,488 240,488" fill="#d8d3cb"/>
  <rect x="250" y="488" width="460" height="62" fill="#2f4858"/>
  <path d="M365 488v62M480 488v62M595 488v62" stroke="#243946" stroke-width="3"/>
  <path d="M330 512h20M440 512h20M550 512h20M650 512h20" stroke="#c9a96e" stroke-width="3"/>
  <ellipse cx="420" cy="452" rx="36" ry="9" fill="#e8e2d8"/>
  <circle cx="410" cy="446" r="8" fill="#e0a33a"/><circle cx="424" cy="444" r="8" fill="#c8432f"/><circle cx="432" cy="449" r="7" fill="#7aa33f"/>
  ${plant(600, 462, 0.5)}
  ${stool(330)}${stool(480)}${stool(630)}`;
}

/** A 64 px wide nightstand at `x` with a glowing table lamp on it. */
const nightstand = (x: number) => `
  ${shadow(x + 32, 452, 40, 8)}
  <rect x="${x}" y="392" width="64" height="58" fill="#6b4a2f"/>
  <path d="M${x} 420h64" stroke="#4e3622" stroke-width="2"/>
  <circle cx="${x + 32}" cy="300" r="60" fill="url(#glow)"/>
  <path d="M${x + 32} 392v-60" stroke="#c9a96e" stroke-width="4"/>
  <path d="M${x + 8} 334h48l-10 -38h-28z" fill="#f3e6c8"/>`;

function bedroomAfter(): string {
  return `
  <polygon points="230,470 730,470 900,620 60,620" fill="#cdbfae"/>
  ${art(400, 150, 160, 90, '#9fb3c8', '#d8b39a')}
  ${shadow(480, 560, 250, 22, 0.5)}
  <rect x="322" y="256" width="316" height="150" rx="14" fill="#8a735e"/>
  <rect x="334" y="268" width="292" height="126" rx="10" fill="#9d8670"/>
  <polygon points="330,380 630,380 690,520 270,520" fill="#f3f0ea"/>
  <polygon points="270,520 690,520 690,560 270,560" fill="#e2ddd4"/>
  <polygon points="305,440 655,440 690,520 270,520" fill="#6f8fa6"/>
  <polygon points="270,520 690,520 690,556 270,556" fill="#5f7d93"/>
  <path d="M305 452h350" stroke="#fff" stroke-opacity="0.3" stroke-width="6"/>
  <rect x="348" y="352" width="120" height="52" rx="16" fill="#fbfaf7"/>
  <rect x="492" y="352" width="120" height="52" rx="16" fill="#fbfaf7"/>
  <rect x="400" y="384" width="160" height="40" rx="12" fill="#c9a27e" opacity="0.9"/>
  ${[250, 646].map(nightstand).join('')}
  ${plant(860, 600, 1.1)}`;
}

const scenes: {
  name: string;
  palette: Palette;
  window: 'back' | 'left';
  base?: () => string;
  after: () => string;
}[] = [
  {
    name: 'living-room',
    palette: {
      wall: '#ece6dc',
      wallDark: '#c9c0b2',
      floor: '#b58a5f',
      floorDark: '#7d5a3a',
      ceiling: '#f6f3ee',
    },
    window: 'left',
    after: livingRoomAfter,
  },
  {
    name: 'kitchen',
    palette: {
      wall: '#e8ece9',
      wallDark: '#c3c9c4',
      floor: '#a89c8c',
      floorDark: '#74695c',
      ceiling: '#f5f6f4',
    },
    window: 'left',
    base: kitchenBase,
    after: kitchenAfter,
  },
  {
    name: 'bedroom',
    palette: {
      wall: '#e3e6ea',
      wallDark: '#b9bec6',
      floor: '#c29a70',
      floorDark: '#86653f',
      ceiling: '#f4f5f7',
    },
    window: 'left',
    after: bedroomAfter,
  },
];

const svg = (body: string, p: Palette) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(p)}${body}<rect width="${W}" height="${H}" fill="url(#vignette)"/></svg>`;

mkdirSync(OUT, { recursive: true });
for (const s of scenes) {
  const shell = room(s.palette, s.window) + (s.base?.() ?? '');
  for (const [kind, body] of [
    ['before', shell],
    ['after', shell + s.after()],
  ] as const) {
    const file = `${OUT}/${s.name}-${kind}.webp`;
    const info = await sharp(Buffer.from(svg(body, s.palette)))
      .webp({ quality: 70, effort: 6 })
      .toFile(file);
    console.log(`${file}: ${(info.size / 1024).toFixed(1)} KB`);
  }
}
