import { STYLE_PRESET_INFO, type StylePreset, type StyleSwatch as Swatch } from '@shared/domain';

/** The main piece of furniture, drawn in the style's furniture colour. */
function Piece({ piece, fill }: { piece: Swatch['piece']; fill: string }) {
  switch (piece) {
    case 'armchair':
      return (
        <g fill={fill}>
          <rect x="20" y="12" width="18" height="13" rx="3" />
          <rect x="17" y="20" width="24" height="8" rx="2" />
          <rect x="19" y="28" width="2" height="3" />
          <rect x="37" y="28" width="2" height="3" />
        </g>
      );
    case 'daybed':
      return (
        <g fill={fill}>
          <rect x="8" y="19" width="7" height="10" rx="2" />
          <rect x="8" y="24" width="38" height="5" rx="1.5" />
          <rect x="17" y="21" width="10" height="3.5" rx="1.5" opacity="0.7" />
        </g>
      );
    case 'bench':
      return (
        <g fill={fill}>
          <rect x="10" y="21" width="36" height="3" rx="1" />
          <rect x="12" y="24" width="2.5" height="7" />
          <rect x="41.5" y="24" width="2.5" height="7" />
        </g>
      );
    case 'sofa':
      return (
        <g fill={fill}>
          <rect x="12" y="15" width="32" height="9" rx="2.5" />
          <rect x="9" y="20" width="38" height="9" rx="2.5" />
          <rect x="11" y="29" width="2" height="2" />
          <rect x="43" y="29" width="2" height="2" />
        </g>
      );
  }
}

/** One accent beside it (a lamp, a plant, art, a pendant light or a vase), in the style's accent colour. */
function Accent({ shape, fill }: { shape: Swatch['accentShape']; fill: string }) {
  switch (shape) {
    case 'lamp':
      return (
        <g fill={fill}>
          <path d="M50 9h8l-2 5h-4z" />
          <rect x="53.5" y="14" width="1" height="16" />
          <rect x="51" y="29.5" width="6" height="1.5" />
        </g>
      );
    case 'plant':
      return (
        <g fill={fill}>
          <ellipse cx="51" cy="19" rx="2.5" ry="5" transform="rotate(-25 51 19)" />
          <ellipse cx="57" cy="19" rx="2.5" ry="5" transform="rotate(25 57 19)" />
          <ellipse cx="54" cy="16" rx="2.2" ry="5.5" />
          <path d="M50.5 24h7l-1 7h-5z" />
        </g>
      );
    case 'frame':
      return <rect x="23" y="3" width="12" height="8" fill="none" stroke={fill} strokeWidth="1.5" />;
    case 'pendant':
      return (
        <g fill={fill}>
          <rect x="31.5" y="0" width="1" height="6" />
          <path d="M27 10a5 4 0 0 1 10 0z" />
        </g>
      );
    case 'vase':
      return (
        <g fill={fill}>
          <path d="M52 22h4l1 4-1 5h-4l-1-5z" />
          <path d="M54 22v-7M54 19l-3-4M54 18l3-4" stroke={fill} strokeWidth="0.8" fill="none" />
        </g>
      );
  }
}

/** A small drawing of a style: its wall and floor colours, a typical piece of furniture and an accent. */
export function StyleSwatch({ style, className = 'h-10 w-16' }: { style: StylePreset; className?: string }) {
  const { wall, floor, furniture, accent, piece, accentShape } = STYLE_PRESET_INFO[style].swatch;
  return (
    <svg
      viewBox="0 0 64 40"
      aria-hidden="true"
      focusable="false"
      data-style-swatch={style}
      className={`shrink-0 rounded-md border border-white/10 ${className}`}
    >
      <rect width="64" height="31" fill={wall} />
      <rect y="31" width="64" height="9" fill={floor} />
      <Piece piece={piece} fill={furniture} />
      <Accent shape={accentShape} fill={accent} />
    </svg>
  );
}
