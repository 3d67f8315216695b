import { StrokeIcon } from '../../../components/stroke-icon';

/** A property's first room, or a house outline while it has none on the server. */
export function PropertyCover({ url }: { url: string | null }) {
  if (url)
    return (
      <img
        src={url}
        alt=""
        width={64}
        height={48}
        loading="lazy"
        className="h-12 w-16 rounded-lg bg-slate-800 object-cover"
      />
    );
  return (
    <span className="flex h-12 w-16 items-center justify-center rounded-lg bg-slate-800 text-slate-400">
      <StrokeIcon size={24} strokeLinecap="round" strokeLinejoin="round">
        <path d="M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6" />
      </StrokeIcon>
    </span>
  );
}
