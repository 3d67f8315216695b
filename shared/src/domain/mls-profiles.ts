import { z } from 'zod';
import { editRules, type EditRules } from './mls-edit-rules';
import {
  CRMLS_NO_REAL_PARTS,
  EDITS_READ,
  EU_AI_ACT_URL,
  MLS_NOW_PERMITTED,
  MLS_NOW_PROHIBITED,
  REALTRACS_ACCURACY,
  REALTRACS_URL,
  STELLAR_NO_FIXTURES,
  STELLAR_URL,
  silent,
} from './mls-edit-sources';

export type OverlayRule = 'forbidden' | 'allowed' | 'required';
export type PhotoOrder = 'altered-then-original' | 'original-then-altered' | 'original-not-wanted';
export type PlateCorner = 'bottom-left' | 'bottom-right';

/** Where a row's rule was read: the board's or the state's own text, or only a summary by someone else. */
export interface RuleSource {
  rule: string;
  url: string | null;
  kind: 'board page' | 'statute' | 'secondary summary' | 'none';
  /** Whether the row was checked against the published text on `read` (YYYY-MM-DD). */
  confirmed: boolean;
  read: string;
  note?: string;
}

/**
 * What one MLS (or law) asks of an altered listing photo. Adding an MLS is one more row in MLS_PROFILES.
 * In the texts, `{what}` is what was altered, `{url}` the buyers' page and `{link}` the photo's original.
 */
export interface MlsProfile {
  id: string;
  name: string;
  /** Words, labels or codes on the photo: forbidden (clean only), allowed (both sets) or required. */
  overlay: OverlayRule;
  /** The labelled photo's plate: its words for a staging, with the QR code and short address or not. */
  plate: { staged: string; link: boolean; corner: PlateCorner };
  /** The listing field each altered photo's caption goes in, and its words for a staging. */
  caption: { field: string; staged: string; withLink: boolean };
  /** The public-remarks sentence to paste; `first` when the rule says the remarks must open with it. */
  remarks: { sentence: string; first: boolean };
  photoOrder: PhotoOrder;
  fileLimits: string | null;
  source: RuleSource;
  /** Each alteration class: allowed, allowed with disclosure or not for this MLS, with its source. */
  edits: EditRules;
  /** The common EU 'AI' icon (with MODIFIED) in the photo's top-right corner. */
  aiIcon?: boolean;
}

const GENERIC_REMARKS = { sentence: 'One or more photos were digitally altered ({what}).', first: false };
const AB723_REMARKS = {
  sentence:
    'One or more photos were digitally altered ({what}); the unaltered originals can be seen at {url}.',
  first: false,
};
const READ = '2026-11-27';
export const MLS_PROFILES = [
  {
    id: 'other',
    name: 'Other / no MLS rules',
    overlay: 'allowed',
    plate: { staged: 'Virtually staged', link: true, corner: 'bottom-left' },
    caption: { field: 'photo caption', staged: 'Virtually staged', withLink: false },
    remarks: GENERIC_REMARKS,
    photoOrder: 'altered-then-original',
    fileLimits: null,
    source: {
      rule: 'No MLS rule: both sets, the original beside its altered photo',
      url: null,
      kind: 'none',
      confirmed: true,
      read: READ,
    },
    edits: editRules(silent('No MLS rule')),
  },
  {
    id: 'ca-ab723',
    name: 'California AB 723 (portals and own sites)',
    overlay: 'allowed',
    plate: { staged: 'Virtually staged', link: true, corner: 'bottom-left' },
    caption: { field: 'caption beside the photo', staged: 'Virtually staged', withLink: true },
    remarks: AB723_REMARKS,
    photoOrder: 'altered-then-original',
    fileLimits: null,
    source: {
      rule: 'Cal. Bus. & Prof. Code §10140.8 (AB 723), in force 1 Jan 2026',
      url: 'https://codes.findlaw.com/ca/business-and-professions-code/bpc-sect-10140-8/',
      kind: 'statute',
      confirmed: true,
      read: READ,
      note: 'A statement that the image is altered and a link, URL or QR code to the unaltered photo, on or adjacent to it.',
    },
    edits: editRules(
      silent(
        'Cal. Bus. & Prof. Code §10140.8 (AB 723): a disclosure and the original',
        'https://codes.findlaw.com/ca/business-and-professions-code/bpc-sect-10140-8/',
      ),
    ),
  },
  {
    id: 'crmls',
    name: 'CRMLS (California Regional MLS)',
    overlay: 'allowed',
    plate: { staged: 'Virtually staged', link: true, corner: 'bottom-left' },
    caption: { field: 'photo description', staged: 'Virtually staged', withLink: true },
    remarks: AB723_REMARKS,
    photoOrder: 'altered-then-original',
    fileLimits: null,
    source: {
      rule: 'CRMLS Rule 11.5.2 (digitally altered images)',
      url: 'https://kb.crmls.org/?p=10900',
      kind: 'board page',
      confirmed: true,
      read: READ,
      note: 'The original immediately before or after the altered photo; the label in the photo description text field.',
    },
    edits: editRules(silent('CRMLS Rule 11.5.2', 'https://kb.crmls.org/?p=10900'), CRMLS_NO_REAL_PARTS),
  },
  {
    id: 'ccar',
    name: 'CCAR (Contra Costa Association of REALTORS®)',
    overlay: 'allowed',
    plate: { staged: 'Virtually staged', link: true, corner: 'bottom-left' },
    caption: { field: 'photo description', staged: 'Virtually staged', withLink: true },
    remarks: AB723_REMARKS,
    photoOrder: 'altered-then-original',
    fileLimits: null,
    source: {
      rule: 'CCAR guidance on AB 723 (follows CRMLS Rule 11.5.2)',
      url: 'https://ccartoday.com',
      kind: 'board page',
      confirmed: false,
      read: READ,
      note: 'Read from the board’s page by a colleague; not re-checked against its text here.',
    },
    edits: editRules(
      silent('CCAR guidance on AB 723 (follows CRMLS Rule 11.5.2)', 'https://ccartoday.com'),
      CRMLS_NO_REAL_PARTS,
    ),
  },
  {
    id: 'stellar',
    name: 'Stellar MLS',
    overlay: 'forbidden',
    plate: { staged: 'Virtually staged', link: false, corner: 'bottom-left' },
    caption: { field: 'photo description', staged: 'Virtually staged', withLink: false },
    remarks: { sentence: 'One or more photo(s) was virtually staged.', first: true },
    photoOrder: 'original-not-wanted',
    fileLimits: null,
    source: {
      rule: 'Stellar MLS Rules, Article 04.04 (Virtually Staged Photos)',
      url: 'https://rules.stellarmls.com/hc/en-us/articles/14692987795095-Article-04-04-Virtually-Staged-Photos',
      kind: 'board page',
      confirmed: true,
      read: READ,
      note: 'No words on photographs; tick the virtually staged field too.',
    },
    edits: editRules(silent('Stellar MLS Article 04.04', STELLAR_URL), {
      paint: ['not-for-mls', STELLAR_NO_FIXTURES],
      floor: ['not-for-mls', STELLAR_NO_FIXTURES],
      lawn: ['not-for-mls', STELLAR_NO_FIXTURES],
      concept: ['not-for-mls', STELLAR_NO_FIXTURES],
    }),
  },
  {
    id: 'armls',
    name: 'ARMLS (Arizona Regional MLS)',
    overlay: 'forbidden',
    plate: { staged: 'Digitally Altered', link: false, corner: 'bottom-left' },
    caption: { field: 'photo description', staged: 'Virtually staged', withLink: false },
    remarks: GENERIC_REMARKS,
    photoOrder: 'altered-then-original',
    fileLimits: null,
    source: {
      rule: 'ARMLS Rule 8.23 (media)',
      url: 'https://armls.com/armls-rule-8-23-watermarks-education-phase-has-ended',
      kind: 'secondary summary',
      confirmed: false,
      read: READ,
      note: 'Only Flexmls’s own ‘Digitally Altered’ watermark, the original directly before or after, fines from Dec 2026: from a secondary summary; the board page found covers branding only.',
    },
    edits: editRules(silent('ARMLS Rule 8.23 (secondary summary)')),
  },
  {
    id: 'mls-now',
    name: 'MLS Now (Ohio, Pennsylvania)',
    overlay: 'forbidden',
    plate: { staged: 'Virtually staged', link: false, corner: 'bottom-left' },
    caption: { field: 'photo description', staged: 'Virtually staged', withLink: false },
    remarks: GENERIC_REMARKS,
    photoOrder: 'original-not-wanted',
    fileLimits: null,
    source: {
      rule: 'MLS Now Rules 3.1 and 3.3',
      url: 'https://support.mlsnow.com/hc/en-us/articles/47635315367067-MLS-Now-Rules-Section-3-Images-Media-Virtual-Staging',
      kind: 'board page',
      confirmed: true,
      read: READ,
      note: 'No watermarks, overlays or QR codes on photos; staging permitted with disclosure.',
    },
    edits: editRules(MLS_NOW_PERMITTED, {
      tonal: 'disclosed',
      paint: ['not-for-mls', MLS_NOW_PROHIBITED],
      floor: ['not-for-mls', MLS_NOW_PROHIBITED],
      lawn: ['not-for-mls', MLS_NOW_PROHIBITED],
      dusk: ['not-for-mls', MLS_NOW_PROHIBITED],
      'object-removed': ['not-for-mls', MLS_NOW_PROHIBITED],
      concept: ['not-for-mls', MLS_NOW_PROHIBITED],
    }),
  },
  {
    id: 'realtracs',
    name: 'RealTracs (Tennessee)',
    overlay: 'forbidden',
    plate: { staged: 'Virtually staged', link: false, corner: 'bottom-left' },
    caption: { field: 'media remarks', staged: 'Virtually staged', withLink: false },
    remarks: GENERIC_REMARKS,
    photoOrder: 'altered-then-original',
    fileLimits: null,
    source: {
      rule: 'RealTracs Rule 2.7 (listing media)',
      url: 'https://news.realtracs.com/tag/photos/',
      kind: 'board page',
      confirmed: true,
      read: READ,
      note: 'No overlays of text; the current photo immediately before or after; designated in the media remarks.',
    },
    edits: editRules(silent('RealTracs Rule 2.7', REALTRACS_URL), {
      paint: ['not-for-mls', REALTRACS_ACCURACY],
      floor: ['not-for-mls', REALTRACS_ACCURACY],
      lawn: ['not-for-mls', REALTRACS_ACCURACY],
      concept: ['not-for-mls', REALTRACS_ACCURACY],
    }),
  },
  {
    id: 'smart-mls',
    name: 'Smart MLS (connectMLS)',
    overlay: 'required',
    plate: { staged: 'Virtually Staged', link: false, corner: 'bottom-left' },
    caption: { field: 'photo description', staged: 'Virtually Staged', withLink: false },
    remarks: GENERIC_REMARKS,
    photoOrder: 'original-not-wanted',
    fileLimits: null,
    source: {
      rule: 'connectMLS help: Virtually Staged Photos',
      url: 'https://connectmls.smartmls.com/hc/en-us/articles/34224328443675-Virtually-Staged-Photos',
      kind: 'board page',
      confirmed: true,
      read: READ,
      note: 'A stamp or watermark is required; the original is not required.',
    },
    edits: editRules(
      silent(
        'connectMLS help: Virtually Staged Photos',
        'https://connectmls.smartmls.com/hc/en-us/articles/34224328443675-Virtually-Staged-Photos',
      ),
    ),
  },
  {
    id: 'rmls',
    name: 'RMLS (Oregon)',
    overlay: 'required',
    plate: { staged: 'Virtually Staged', link: false, corner: 'bottom-left' },
    caption: { field: 'photo description', staged: 'Virtually Staged', withLink: false },
    remarks: GENERIC_REMARKS,
    photoOrder: 'original-not-wanted',
    fileLimits: null,
    source: {
      rule: 'RMLS Rules 3.8 (photographs)',
      url: 'https://rmlscentral.com/2016/08/19/photo-watermarks-coming-monday-to-rmlsweb/',
      kind: 'secondary summary',
      confirmed: false,
      read: READ,
      note: 'The ‘Virtually Staged’ watermark on the photo and no other added text: the board’s 2016 post and the rule as quoted by a broker’s page.',
    },
    edits: editRules(silent('RMLS Rules 3.8 (secondary summary)')),
  },
  {
    id: 'bright',
    name: 'Bright MLS',
    overlay: 'allowed',
    plate: { staged: 'Virtually Staged', link: false, corner: 'bottom-left' },
    caption: { field: 'photo caption', staged: 'Virtually Staged', withLink: false },
    remarks: GENERIC_REMARKS,
    photoOrder: 'original-not-wanted',
    fileLimits: null,
    source: {
      rule: 'Bright MLS rules (not read)',
      url: null,
      kind: 'secondary summary',
      confirmed: false,
      read: READ,
      note: 'A ‘Virtually Staged’ caption; secondary summaries disagree on a watermark, so both sets are given.',
    },
    edits: editRules(silent('Bright MLS rules (not read)')),
  },
  {
    id: 'nwmls',
    name: 'NWMLS (Northwest MLS)',
    overlay: 'forbidden',
    plate: { staged: 'Virtually staged', link: false, corner: 'bottom-left' },
    caption: { field: 'photo description', staged: 'Virtually staged', withLink: false },
    remarks: GENERIC_REMARKS,
    photoOrder: 'original-not-wanted',
    fileLimits: null,
    source: {
      rule: 'NWMLS rules (not read)',
      url: null,
      kind: 'secondary summary',
      confirmed: false,
      read: READ,
      note: 'Conservative until checked: no overlay, the label in the description and remarks (a summary cites Rule 105(d), labelled on the photo or in the description).',
    },
    edits: editRules(silent('NWMLS rules (not read)')),
  },
  {
    id: 'eu-ai-act',
    name: 'EU portals (AI Act Article 50 marking)',
    overlay: 'required',
    plate: { staged: 'Virtually staged', link: false, corner: 'bottom-left' },
    caption: { field: 'photo description', staged: 'Virtually staged (AI-modified image)', withLink: false },
    remarks: GENERIC_REMARKS,
    photoOrder: 'altered-then-original',
    fileLimits: null,
    aiIcon: true,
    source: {
      rule: 'EU AI Act (Regulation (EU) 2024/1689) Article 50(2) and (4): AI-generated or manipulated images are marked in a machine-readable way and disclosed',
      url: EU_AI_ACT_URL,
      kind: 'statute',
      confirmed: false,
      read: EDITS_READ,
      note: "The common 'AI' icon (with MODIFIED) follows the Commission's Code of Practice on marking and labelling; check its final icon before relying on it.",
    },
    edits: editRules(silent('EU AI Act Article 50 (marking; no edit is banned)', EU_AI_ACT_URL)),
  },
] as const satisfies readonly MlsProfile[];

export type MlsProfileId = (typeof MLS_PROFILES)[number]['id'];
export const DEFAULT_MLS_PROFILE: MlsProfileId = 'other';

const BY_ID = new Map<string, MlsProfile>(MLS_PROFILES.map((p) => [p.id, p]));
export const isMlsProfileId = (id: string): id is MlsProfileId => BY_ID.has(id);
export const mlsProfile = (id: string | null | undefined): MlsProfile =>
  BY_ID.get(id ?? '') ?? BY_ID.get(DEFAULT_MLS_PROFILE)!;
/** A stored choice as a known id: one no longer in the table falls back to the default. */
export const mlsProfileIdOf = (id: string | null | undefined): MlsProfileId =>
  id && isMlsProfileId(id) ? id : DEFAULT_MLS_PROFILE;

export const UNKNOWN_MLS_PROFILE = 'Choose one of the listed MLS rules.';
export const MLS_PROFILE_IDS = MLS_PROFILES.map((p) => p.id) as [MlsProfileId, ...MlsProfileId[]];
export const mlsProfileIdSchema = z.enum(MLS_PROFILE_IDS, { message: UNKNOWN_MLS_PROFILE });
