import { ALTERATION_CLASSES, type AlterationClass } from './alterations';
import { downloadVariant, type HandoverVariant } from './download-variant';
import { originalCaption, photoCaption, remarksSentence } from './mls-profile-texts';
import type { MlsProfile } from './mls-profiles';
import { roomFileName } from './properties';
import type { RoomType } from './staging';

/** One altered photo of a hand-over: its room, what was altered and its original's short address. */
export interface HandoverPhoto {
  position: number;
  roomType: RoomType;
  /** The agent's name for the room, when it has one (see customRoomName). */
  name?: string | null;
  alteration: AlterationClass;
  originalLink: string;
}

/** One file of the hand-over: an altered photo in one variant, or the unaltered original. */
export interface HandoverFile {
  name: string;
  photo: number;
  kind: HandoverVariant | 'original';
  /** What goes in the MLS's caption field; null for files not meant for upload. */
  caption: string | null;
}

export const CAPTIONS_FILE = 'captions.csv';
export const DISCLOSURE_FILE = 'disclosure.txt';
/** Originals kept with the photos for the agent's records when the MLS does not want them uploaded. */
export const ORIGINALS_FOLDER = 'originals';
/** The photos without a label, beside the labelled ones, when the MLS allows either. */
export const CLEAN_FOLDER = 'clean';

/** The variant of one photo the agent uploads, as `downloadVariant` decides it (a refused one goes clean). */
const uploadVariant = (profile: MlsProfile, cls: AlterationClass): HandoverVariant => {
  const decided = downloadVariant(profile, [cls], 'listing');
  return decided.kind === 'file' ? decided.variant : 'clean';
};

/**
 * Every file of the hand-over, in upload order: the profile's set, each original beside its altered
 * photo when the profile asks for it (else under `originals/`), and the clean set under `clean/` when
 * the profile allows both. Names sort in upload order (`01-kitchen-1-altered.jpg`, `01-kitchen-2-original.jpg`).
 */
export function handoverFiles(profile: MlsProfile, photos: HandoverPhoto[]): HandoverFile[] {
  const files: HandoverFile[] = [];
  photos.forEach((p, i) => {
    const main = uploadVariant(profile, p.alteration);
    const caption = photoCaption(profile, p.alteration, p.originalLink) || null;
    const altered = (suffix = ''): HandoverFile => ({
      name: roomFileName(p.position, p.roomType, suffix, p.name ?? null),
      photo: i,
      kind: main,
      caption,
    });
    const original = (suffix = ''): HandoverFile => ({
      name: roomFileName(p.position, p.roomType, suffix, p.name ?? null),
      photo: i,
      kind: 'original',
      caption: originalCaption(profile.photoOrder),
    });
    if (profile.photoOrder === 'altered-then-original')
      files.push(altered('-1-altered'), original('-2-original'));
    else if (profile.photoOrder === 'original-then-altered')
      files.push(original('-1-original'), altered('-2-altered'));
    else
      files.push(altered(), { ...original(), name: `${ORIGINALS_FOLDER}/${original().name}`, caption: null });
  });
  if (profile.overlay === 'allowed') {
    for (const f of files.filter((x) => x.kind === 'labelled'))
      files.push({ ...f, name: `${CLEAN_FOLDER}/${f.name}`, kind: 'clean' });
  }
  return files;
}

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** `captions.csv`: each photo to upload and the words for its caption field. */
export function captionsCsv(profile: MlsProfile, files: HandoverFile[]): string {
  const header = `file,${csvField(profile.caption.field)}`;
  const rows = files.filter((f) => f.caption !== null).map((f) => `${f.name},${csvField(f.caption ?? '')}`);
  return `${[header, ...rows].join('\r\n')}\r\n`;
}

export const ORDER_TEXT = {
  'altered-then-original':
    'Upload each original directly after its altered photo (the file names sort that way).',
  'original-then-altered':
    'Upload each original directly before its altered photo (the file names sort that way).',
  'original-not-wanted': `The originals are not needed in the listing; they are in ${ORIGINALS_FOLDER}/ for your records.`,
} as const;
export const OVERLAY_TEXT = {
  forbidden: 'No words, labels or QR codes may be on the photos: these photos have none.',
  allowed: `The photos carry a label; the same photos without it are in ${CLEAN_FOLDER}/.`,
  required: 'The photos must carry a label on the image: each altered photo has it.',
} as const;

/** `disclosure.txt`: the rules followed, where each caption goes and the public-remarks sentence to paste. */
export function disclosureText(
  profile: MlsProfile,
  photos: HandoverPhoto[],
  files: HandoverFile[],
  buyersUrl: string,
): string {
  const { source } = profile;
  const sentence = remarksSentence(
    profile,
    photos.map((p) => p.alteration),
    buyersUrl,
  );
  const lines = [
    `Listing photos prepared for: ${profile.name}`,
    `Rule: ${source.rule}${source.url ? ` (${source.url})` : ''}, read ${source.read}${source.confirmed ? '' : ', not confirmed against the published text: check with your MLS'}.`,
    '',
    OVERLAY_TEXT[profile.overlay],
    ORDER_TEXT[profile.photoOrder],
    `Put each photo's caption from ${CAPTIONS_FILE} in the ${profile.caption.field} field.`,
    '',
    profile.remarks.first
      ? 'Public remarks: start them with this sentence, word for word:'
      : 'Public remarks: add this sentence:',
    sentence ?? '(no photo needs disclosing)',
    '',
    `Unaltered originals for buyers: ${buyersUrl}`,
    '',
    'Photo by photo:',
    ...files
      .filter((f) => f.kind !== 'original' && !f.name.includes('/'))
      .map((f) => {
        const p = photos[f.photo]!;
        const what = ALTERATION_CLASSES[p.alteration].label ?? 'Not altered';
        return `${f.name}: ${what}; unaltered original: ${p.originalLink}`;
      }),
  ];
  return `${lines.join('\n')}\n`;
}

/** What a download for `profile` will be, in three sentences (Settings and the property screen show it). */
export const profileSummary = (profile: MlsProfile): string[] => [
  OVERLAY_TEXT[profile.overlay],
  ORDER_TEXT[profile.photoOrder],
  `Captions go in the ${profile.caption.field} field; the ZIP has them in ${CAPTIONS_FILE}, and the public-remarks sentence in ${DISCLOSURE_FILE}.`,
];

/** Where a profile's rule comes from, as one line ("read 2026-11-27, not confirmed"). */
export const profileSourceLine = ({ source }: MlsProfile): string =>
  `${source.rule}; ${source.kind}, read ${source.read}${source.confirmed ? '' : ', not confirmed against the published text'}.`;
