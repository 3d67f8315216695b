import type { EditRuleSource } from './mls-edit-rules';

/** The boards' and laws' words on what may be altered, each row's source for the profiles' edit permissions. */
/** When the edit rows below were read against the boards' pages. */
export const EDITS_READ = '2026-11-29';
/** A row whose rule says nothing about the edit: allowed with disclosure under the profile's own rule. */
export const silent = (rule: string, url: string | null = null): EditRuleSource => ({
  rule: `${rule} (silent on this edit: allowed with disclosure)`,
  url,
  read: EDITS_READ,
});
const CRMLS_FAQ: EditRuleSource = {
  rule: 'CRMLS Digitally Altered Images FAQs (AB 723): users cannot add, remove or modify any real part of a property such as wall color, flooring, cabinets, wall dimensions or landscaping',
  url: 'https://kb.crmls.org/knowledgebase/digitally-altered-images-faqs',
  read: EDITS_READ,
};
export const CRMLS_NO_REAL_PARTS = {
  paint: ['not-for-mls', CRMLS_FAQ],
  floor: ['not-for-mls', CRMLS_FAQ],
  lawn: ['not-for-mls', CRMLS_FAQ],
  concept: ['not-for-mls', CRMLS_FAQ],
} as const;
const MLS_NOW_URL =
  'https://support.mlsnow.com/hc/en-us/articles/47635315367067-MLS-Now-Rules-Section-3-Images-Media-Virtual-Staging';
export const MLS_NOW_PERMITTED: EditRuleSource = {
  rule: 'MLS Now Rule 3.3.1: virtual staging of movable personal property, minor cosmetic edits and sky replacement, with disclosure',
  url: MLS_NOW_URL,
  read: EDITS_READ,
};
export const MLS_NOW_PROHIBITED: EditRuleSource = {
  rule: 'MLS Now Rule 3.3.2: no adding, removing or modifying permanent or structural features (walls, floors, cabinets, countertops, appliances, fixtures...), landscaping that misrepresents, or upgrades not present',
  url: MLS_NOW_URL,
  read: EDITS_READ,
};
export const STELLAR_URL =
  'https://rules.stellarmls.com/hc/en-us/articles/14692987795095-Article-04-04-Virtually-Staged-Photos';
export const STELLAR_NO_FIXTURES: EditRuleSource = {
  rule: 'Stellar MLS Article 04.04: no permanent fixtures of the interior or exterior attached, removed, altered or added; no exterior staging but unattached furniture; a True Picture',
  url: STELLAR_URL,
  read: EDITS_READ,
};
export const EU_AI_ACT_URL = 'https://eur-lex.europa.eu/eli/reg/2024/1689/oj';
export const REALTRACS_URL = 'https://news.realtracs.com/tag/photos/';
export const REALTRACS_ACCURACY: EditRuleSource = {
  rule: "RealTracs Rule 2.7(c): altering images in a way that changes the accuracy of the listing's depiction is prohibited; staging with personal property only",
  url: REALTRACS_URL,
  read: EDITS_READ,
};
