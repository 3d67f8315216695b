/**
 * Control characters (C0, DEL, C1) and the bidirectional overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069) can hide or reorder text a buyer or support reads, so names never keep them.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/**
 * Characters that show as nothing (zero-width space, word joiner and invisible operators, BOM, the
 * direction marks, Mongolian vowel separator, soft hyphen, combining grapheme joiner, the Hangul fillers),
 * so two names that look alike are not told apart by them, and a name of them alone is empty.
 * ZWJ and ZWNJ stay: emoji sequences and Persian or Indic writing need them.
 */
// The grapheme joiner (U+034F) combines with what precedes it, so it stands outside the class.
const INVISIBLE = /[\u00ad\u115f\u1160\u180e\u200b\u200e\u200f\u061c\u2060-\u2064\u3164\ufeff\uffa0]|\u034f/g;

/**
 * A name fit to show as one line of text: unsafe characters become spaces, invisible ones go, runs of
 * spaces become one, trimmed.
 */
export function cleanDisplayText(value: string): string {
  return value.replace(UNSAFE, ' ').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}
