import type { ProvenanceCheck } from '@shared/api';

/** The original page's photo check: what a downloaded listing photo carries. */
export const PROVENANCE_CHECK_TEXTS = {
  title: 'Check a listing photo',
  hint: 'Choose a photo downloaded from a listing to see whether it was made from this original and how it was altered.',
  pick: 'Choose a photo',
  checking: 'Checking...',
  c2pa: {
    valid: 'It carries a signed record of how it was altered, intact.',
    'valid-untrusted':
      'It carries a signed record of how it was altered, intact; the certificate that signed it is not on the C2PA trust list.',
    invalid: 'Its signed record no longer matches the file: the photo was changed after it was handed out.',
    none: 'It carries no signed record of how it was made.',
  } satisfies Record<ProvenanceCheck['c2pa'], string>,
  thisOriginal: 'Its hidden mark names this original.',
  otherOriginal: 'Its hidden mark names another original:',
  noOriginal: 'Its hidden mark is ours, from before an original page was published.',
  noMark: 'No hidden mark of ours was found in it.',
} as const;
